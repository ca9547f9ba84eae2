import TextField from '@mui/material/TextField';
import type { UploadedFile } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useReportField } from './use-report-field';

interface PhotoFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
}

/** A photo of the fault, jpeg or png (placeholder until the shared FileUpload is merged). */
export function PhotoField<T extends FieldValues>({ name, label = 'Foto' }: PhotoFieldProps<T>) {
  const { field, onBlur, error } = useReportField<T>(name);
  const photo = field.value as UploadedFile | null;
  return (
    <TextField
      fullWidth
      label={label}
      value={photo?.fileName ?? ''}
      onBlur={onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}
