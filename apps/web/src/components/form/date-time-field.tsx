import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { FieldValues } from 'react-hook-form';
import { usePickerField, type PickerProps } from './date-fields';

/**
 * A day and a time of day, inside a DatePickersProvider. Apart from the time field: MUI's date-time picker brings
 * its own tabs (MUI's Tabs), which a form with a time only has no use for.
 */
export function FormDateTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return (
    <DateTimePicker {...usePickerField(props, 'minute')} ampm={false} minDateTime={props.minDate} maxDateTime={props.maxDate} />
  );
}
