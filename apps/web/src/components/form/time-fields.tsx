import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { FieldValues } from 'react-hook-form';
import { usePickerField, type PickerProps } from './date-fields';

/** A time of day on the 24-hour clock (the product's constants and limits), inside a DatePickersProvider. */
export function FormTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return <TimePicker {...usePickerField(props)} ampm={false} />;
}

/** A day and a time of day, inside a DatePickersProvider. */
export function FormDateTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return (
    <DateTimePicker {...usePickerField(props, 'minute')} ampm={false} minDateTime={props.minDate} maxDateTime={props.maxDate} />
  );
}
