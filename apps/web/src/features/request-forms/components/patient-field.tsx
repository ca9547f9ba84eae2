import Box from '@mui/material/Box';
import type { PatientSearchResult } from '@portal/contract';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PatientAutocomplete } from '@/components/patient-autocomplete/patient-autocomplete';

interface PatientFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  disabled?: boolean;
  hint: string;
  /** Runs when the user chose another patient (or none): the forms fill the department from it. */
  onPatientChange: (patient: PatientSearchResult | null) => void;
}

/** The required patient of a request form, bound to react-hook-form. */
export function PatientField<T extends FieldValues, TOut = T>({
  control,
  name,
  disabled,
  hint,
  onPatientChange,
}: PatientFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <PatientAutocomplete
        value={(field.value as PatientSearchResult | null) ?? null}
        onChange={(patient) => {
          field.onChange(patient);
          onPatientChange(patient);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        name={field.name}
        required
        disabled={disabled}
        hint={hint}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message}
      />
    </Box>
  );
}
