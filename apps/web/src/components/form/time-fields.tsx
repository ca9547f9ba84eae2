import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { FieldValues } from 'react-hook-form';
import { usePickerField, type PickerProps } from './date-fields';

/** A time of day on the 24-hour clock (the product's constants and limits), inside a DatePickersProvider. */
export function FormTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return <TimePicker {...usePickerField(props)} ampm={false} />;
}
