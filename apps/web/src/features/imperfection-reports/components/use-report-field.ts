import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A field of a report form, bound to the form of the nearest FormProvider. A message the server gave for the
 * field (type 'server') clears when the field loses focus (spec section 5); the form's own checks follow the
 * field's value instead.
 */
export function useReportField<T extends FieldValues>(name: FieldPath<T>) {
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState, formState } = useController({ control, name });
  const onBlur = () => {
    field.onBlur();
    if (fieldState.error?.type === 'server') clearErrors(name);
  };
  return {
    field,
    onBlur,
    error: fieldState.error?.message,
    disabled: formState.isSubmitting || field.disabled,
  };
}
