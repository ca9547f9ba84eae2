import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface PickerFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Replaces the plain field update, e.g. to clear dates that depend on this one. */
  onValueChange?: (value: Dayjs | null) => void;
}

function textFieldSlot(props: { required?: boolean; error?: string; helperText?: string; name: string; onBlur: () => void }) {
  return {
    textField: {
      name: props.name,
      required: props.required,
      error: Boolean(props.error),
      helperText: props.error ?? props.helperText,
      onBlur: props.onBlur,
      fullWidth: true,
      margin: 'normal' as const,
    },
  };
}

/** A Dutch date picker (dd-mm-jjjj) bound to react-hook-form; the value is a dayjs date or null. */
export function DateField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  onValueChange,
  minDate,
  maxDate,
}: PickerFieldProps<T, TOut> & { minDate?: Dayjs; maxDate?: Dayjs }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DatePicker
      label={label}
      value={(field.value as Dayjs | null) ?? null}
      onChange={(value) => (onValueChange ? onValueChange(value) : field.onChange(value))}
      inputRef={field.ref}
      minDate={minDate}
      maxDate={maxDate}
      disabled={disabled}
      enableAccessibleFieldDOMStructure={false}
      slotProps={textFieldSlot({ required, error: fieldState.error?.message, helperText, name, onBlur: field.onBlur })}
    />
  );
}

/** A 24-hour time picker (uu:mm) bound to react-hook-form; the value is a dayjs moment or null. */
export function TimeField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
}: PickerFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TimePicker
      label={label}
      value={(field.value as Dayjs | null) ?? null}
      onChange={(value) => field.onChange(value)}
      inputRef={field.ref}
      ampm={false}
      disabled={disabled}
      enableAccessibleFieldDOMStructure={false}
      slotProps={textFieldSlot({ required, error: fieldState.error?.message, helperText, name, onBlur: field.onBlur })}
    />
  );
}
