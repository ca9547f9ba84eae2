import type { PatientSearchResult } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PatientAutocomplete } from '@/components/patient-autocomplete/patient-autocomplete';
import { useReportField } from './use-report-field';

interface PatientFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
  required?: boolean;
  /** Runs when the user chose another patient (or none): the forms fill the department from it. */
  onPatientChange?: (patient: PatientSearchResult | null) => void;
}

/** The patient of a report, found by name from 2 typed characters (spec section 5). */
export function PatientField<T extends FieldValues>({ name, label = 'Patiënt', required, onPatientChange }: PatientFieldProps<T>) {
  const { field, onBlur, error, disabled } = useReportField<T>(name);
  return (
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
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
