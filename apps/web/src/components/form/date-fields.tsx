import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { nlNL } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/nl';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { usePickerLimits, type LimitUnit } from './picker-limits';
import { useFormField } from './use-form-field';

const localeText = nlNL.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Dutch date and time pickers (dd-mm-jjjj, 24-hour clock) for the fields inside. The date field is here; the time
 * field is in time-fields.tsx and the date-with-time field in date-time-field.tsx, so that a form with dates only
 * loads no clock, and one with a time only not the date-time picker's tabs (issue 15's route budgets).
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="nl" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface PickerProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** The first and last day the calendar offers; a date typed outside them is said when the field is left. */
  minDate?: Dayjs;
  maxDate?: Dayjs;
  /** Replaces the plain field update. */
  onValueChange?: (value: Dayjs | null) => void;
  /**
   * The value is complete: the field lost the focus, or a day was picked in the calendar. Rules that change other
   * fields (clearing dates that depend on this one) run here, never on a keystroke in between.
   */
  onCommit?: () => void;
  /**
   * One text input that takes the whole date as typed or pasted (the request forms), instead of a section per
   * day, month and year.
   */
  plainInput?: boolean;
}

/** The props of a picker bound to its form; `limitUnit`: how finely it holds minDate and maxDate, when it does. */
export function usePickerField<T extends FieldValues>(
  { name, label, required, disabled, helperText, onValueChange, onCommit, plainInput, minDate, maxDate }: PickerProps<T>,
  limitUnit?: LimitUnit,
) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const checkLimits = usePickerLimits<T>(name, limitUnit, minDate, maxDate);
  return {
    label,
    value: (field.value as Dayjs | null | undefined) ?? null,
    onChange: (value: Dayjs | null) => (onValueChange ? onValueChange(value) : field.onChange(value)),
    // Not onAccept: a typed date is accepted on every complete value on its way; closing the calendar is a choice.
    onClose: () => onCommit?.(),
    inputRef: field.ref,
    disabled: disabled || formDisabled,
    ...(plainInput ? { enableAccessibleFieldDOMStructure: false as const } : {}),
    slotProps: {
      textField: {
        name: field.name,
        required,
        fullWidth: true,
        onBlur: () => {
          onBlur();
          onCommit?.();
          void checkLimits();
        },
        error: Boolean(error),
        helperText: error ?? helperText,
        ...(plainInput ? { margin: 'normal' as const } : {}),
      },
    },
  };
}

export function FormDateField<T extends FieldValues>(props: PickerProps<T>) {
  return <DatePicker {...usePickerField(props, 'day')} minDate={props.minDate} maxDate={props.maxDate} />;
}
