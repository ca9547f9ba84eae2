import type { UploadedFile, UploadPurpose } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FileUpload, type Uploader } from '@/components/file-upload/file-upload';
import { useFormField } from './use-form-field';

interface FileFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  purpose: UploadPurpose;
  label: string;
  hint?: string;
  disabled?: boolean;
  /** Told while the file uploads, so that the form holds its submit until it is in. */
  onUploadingChange?: (uploading: boolean) => void;
  /** Where the file goes, when not to the customer's File/UploadFile (a back-office answer's item). */
  upload?: Uploader;
}

/** A file uploaded as soon as it is chosen; the field holds what the server answered. */
export function FileField<T extends FieldValues>({ name, purpose, label, hint, disabled, onUploadingChange, upload }: FileFieldProps<T>) {
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
      upload={upload}
    />
  );
}

/** Up to `max` files, each uploaded as soon as it is chosen; the field holds the list the server answered. */
export function FileListField<T extends FieldValues>({ name, max, ...props }: FileFieldProps<T> & { max: number }) {
  const { field, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <FileUpload
      {...props}
      max={max}
      value={(field.value as UploadedFile[] | undefined) ?? []}
      onChange={(files) => field.onChange(files)}
      error={error}
      disabled={props.disabled || formDisabled}
    />
  );
}
