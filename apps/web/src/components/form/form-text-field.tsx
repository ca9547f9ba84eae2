import type { FieldPath, FieldValues } from 'react-hook-form';
import { digitsEdit } from '@/lib/forms/digits';
import { PlainTextField, type PlainTextFieldProps } from './plain-text-field';
import { useFormField } from './use-form-field';

export type FormTextFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  /** A count of digits: the field takes digits only, at most this many (typed or pasted; see digitsEdit). */
  digits?: number;
} & Omit<PlainTextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>;

/** A text field (PlainTextField) bound to its form by name; its error message shows as helper text. */
export function FormTextField<T extends FieldValues>({ name, digits, helperText, disabled, ...props }: FormTextFieldProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <PlainTextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) =>
        field.onChange(digits === undefined ? event : digitsEdit(String(field.value ?? ''), event.target.value, digits))
      }
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}
