import { useContext } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormOptionsContext } from './form';

/**
 * A field bound by name to the form of the nearest <Form>. Where the form asks for it, a message the server gave
 * for the field (type 'server') clears when the field loses focus; the form's own checks follow the value instead.
 */
export function useFormField<T extends FieldValues>(name: FieldPath<T>) {
  const { control, clearErrors } = useFormContext<T>();
  const { clearServerErrorsOnBlur } = useContext(FormOptionsContext);
  const { field, fieldState, formState } = useController({ control, name });
  const onBlur = () => {
    field.onBlur();
    if (clearServerErrorsOnBlur && fieldState.error?.type === 'server') clearErrors(name);
  };
  return {
    field,
    onBlur,
    error: fieldState.error?.message,
    disabled: formState.isSubmitting || Boolean(field.disabled),
  };
}
