import type { FieldValues } from 'react-hook-form';
import { FormPickerField, type PickerProps } from './date-fields';

/** A time of day on the 24-hour clock (the product's constants and limits), typed as UU:MM or four digits. */
export function FormTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return <FormPickerField<T> {...props} kind="time" />;
}
