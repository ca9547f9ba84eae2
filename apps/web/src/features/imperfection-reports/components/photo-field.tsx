import type { UploadedFile } from '@portal/contract';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FileUpload } from '@/components/file-upload/file-upload';
import { useReportField } from './use-report-field';

interface PhotoFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label?: string;
  /** Told while the photo uploads, so that the form holds its submit until it is in. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** A photo of the fault: jpeg or png, at most 20 MB, uploaded as soon as it is chosen. */
export function PhotoField<T extends FieldValues>({ name, label = 'Foto', onUploadingChange }: PhotoFieldProps<T>) {
  const { field, error, disabled } = useReportField<T>(name);
  return (
    <FileUpload
      purpose="Photo"
      value={(field.value as UploadedFile | null) ?? null}
      onChange={(file) => field.onChange(file)}
      label={label}
      hint="Een foto in jpeg of png, van maximaal 20 MB."
      error={error}
      disabled={disabled}
      onUploadingChange={onUploadingChange}
    />
  );
}
