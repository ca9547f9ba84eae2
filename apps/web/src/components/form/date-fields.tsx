import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { DateKind } from './date-text';
import { DateInput } from './date-input';
import { usePickerLimits, type LimitUnit } from './picker-limits';
import { useFormField } from './use-form-field';

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
  /** The space around the field: 'normal' beside the request forms' text fields (the theme's default for them). */
  margin?: 'none' | 'normal';
}

/** A date, time or date-with-time field bound to its form; `limitUnit`: how finely it holds minDate and maxDate. */
export function FormPickerField<T extends FieldValues>({ kind, limitUnit, ...props }: PickerProps<T> & { kind: DateKind; limitUnit?: LimitUnit }) {
  const { name, label, required, disabled, helperText, onValueChange, onCommit, margin, minDate, maxDate } = props;
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const checkLimits = usePickerLimits<T>(name, limitUnit, minDate, maxDate);
  return (
    <DateInput
      kind={kind}
      label={label}
      name={field.name}
      value={(field.value as Dayjs | null | undefined) ?? null}
      onChange={(value) => (onValueChange ? onValueChange(value) : field.onChange(value))}
      onBlur={() => {
        onBlur();
        onCommit?.();
        void checkLimits();
      }}
      onPick={() => {
        onCommit?.();
        void checkLimits();
      }}
      inputRef={field.ref}
      required={required}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      minDate={minDate}
      maxDate={maxDate}
      margin={margin}
    />
  );
}

/** A day, DD-MM-JJJJ, typed or picked from a month grid. The time fields are in their own files (time-fields.tsx, date-time-field.tsx). */
export function FormDateField<T extends FieldValues>(props: PickerProps<T>) {
  return <FormPickerField<T> {...props} kind="date" limitUnit="day" />;
}
