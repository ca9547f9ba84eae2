import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PatientSearchResult } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PatientAutocomplete } from '@/components/patient-autocomplete/patient-autocomplete';
import { useFormField } from './use-form-field';

interface PatientFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Runs when the user chose another patient (or none): the forms fill the department from it. */
  onPatientChange?: (patient: PatientSearchResult | null) => void;
  sx?: SxProps<Theme>;
}

/** The patient of a form, found by name from 2 typed characters (the product's validation rules). */
export function PatientField<T extends FieldValues>({
  name,
  label = 'Patiënt',
  required,
  disabled,
  hint,
  onPatientChange,
  sx,
}: PatientFieldProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <Box sx={sx}>
      <PatientAutocomplete
        value={(field.value as PatientSearchResult | null) ?? null}
        onChange={(patient) => {
          field.onChange(patient);
          onPatientChange?.(patient);
        }}
        onBlur={onBlur}
        inputRef={field.ref}
        name={field.name}
        label={label}
        required={required}
        disabled={disabled || formDisabled}
        hint={hint}
        error={Boolean(error)}
        helperText={error}
      />
    </Box>
  );
}
