import type { FieldValues } from 'react-hook-form';
import { FormPickerField, type PickerProps } from './date-fields';

/** A day and a time of day, DD-MM-JJJJ UU:MM: the calendar picks the day, the time is typed. */
export function FormDateTimeField<T extends FieldValues>(props: PickerProps<T>) {
  return <FormPickerField<T> {...props} kind="dateTime" limitUnit="minute" />;
}
