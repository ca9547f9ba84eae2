import type { FieldValues } from 'react-hook-form';
import type { SelectProps } from './choice-fields';
import { NativeSelectField, type NativeSelectFieldProps } from './native-select-field';
import { useFormField } from './use-form-field';

/** A dropdown bound to its form by name: the browser's own select (NativeSelectField). */
export function FormSelectField<T extends FieldValues>({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
  size,
  margin,
}: SelectProps<T> & Pick<NativeSelectFieldProps, 'size' | 'margin'>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <NativeSelectField
      label={label}
      required={required}
      name={field.name}
      options={options}
      value={String(field.value ?? '')}
      onChange={(value) => {
        field.onChange(value);
        onValueChange?.(value);
      }}
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      size={size}
      margin={margin}
      // A hint or message under a field that waits for another choice stays readable (not the disabled grey).
      slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: error ? 'error.main' : 'text.secondary' } } } }}
    />
  );
}
