import type { UploadedFile, UploadPurpose } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FileUpload } from '@/components/file-upload/file-upload';
import { useFormField } from './use-form-field';

interface FileFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  purpose: UploadPurpose;
  label: string;
  hint?: string;
  disabled?: boolean;
  /** Told while the file uploads, so that the form holds its submit until it is in. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** A file uploaded as soon as it is chosen; the field holds what the server answered. */
export function FileField<T extends FieldValues>({ name, purpose, label, hint, disabled, onUploadingChange }: FileFieldProps<T>) {
  const { field, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <FileUpload
      purpose={purpose}
      value={(field.value as UploadedFile | null) ?? null}
      onChange={(file) => field.onChange(file)}
      label={label}
      hint={hint}
      error={error}
      disabled={disabled || formDisabled}
      onUploadingChange={onUploadingChange}
    />
  );
}
