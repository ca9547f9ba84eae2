import TextField from '@mui/material/TextField';
import type { PatientSearchResult } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useReportField } from './use-report-field';

interface PatientFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
  required?: boolean;
  /** Runs when the user chose another patient (or none): the forms fill the department from it. */
  onPatientChange?: (patient: PatientSearchResult | null) => void;
}

/** The patient of a report (placeholder until the shared PatientAutocomplete is merged). */
export function PatientField<T extends FieldValues>({ name, label = 'Patiënt', required }: PatientFieldProps<T>) {
  const { field, onBlur, error } = useReportField<T>(name);
  const patient = field.value as PatientSearchResult | null;
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      value={patient?.patientName ?? ''}
      onBlur={onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}
