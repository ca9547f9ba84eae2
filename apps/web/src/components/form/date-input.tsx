import CalendarMonth from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Dayjs } from 'dayjs';
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { LazyPart } from '@/components/lazy-component';
import { FieldFrame } from './plain-text-field';
import { dateFormats, dayLabel, formatDateText, parseDateText, type DateKind } from './date-text';

// The month grid comes as it is first opened: typing a date needs none of it (decision 0105).
const loadCalendar = () => import('./calendar-grid');

export interface DateInputProps {
  kind: DateKind;
  label: string;
  value: Dayjs | null;
  /** Every change of the text: null when empty, an invalid date while it is no complete date. */
  onChange: (value: Dayjs | null) => void;
  onBlur?: () => void;
  /** A day was chosen in the calendar. */
  onPick?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  minDate?: Dayjs;
  maxDate?: Dayjs;
  size?: 'small' | 'medium';
  margin?: 'none' | 'normal' | 'dense';
}

/** Whether the text already stands for the value, so a value coming back from the form leaves the typing alone. */
function shows(kind: DateKind, text: string, value: Dayjs | null): boolean {
  const typed = parseDateText(kind, text);
  if (!value || !typed) return !value && !typed;
  if (!value.isValid() || !typed.isValid()) return !value.isValid() && !typed.isValid();
  return formatDateText(kind, typed) === formatDateText(kind, value);
}

/**
 * A date (DD-MM-JJJJ), time (UU:MM) or both, typed as text, with or without the separators (a phone's numeric
 * keypad has none), and for a date a button that opens a month grid. Built from MUI's parts rather than its
 * TextField, which brings Select and Menu along.
 */
export function DateInput({ kind, label, value, onChange, onBlur, onPick, name, inputRef, required, disabled, error, helperText, minDate, maxDate, size, margin = 'none' }: DateInputProps) {
  const id = useId();
  const [text, setText] = useState(() => formatDateText(kind, value));
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement | null>(null);

  // A value set from outside (a reset, a date cleared by another's rule) replaces the text.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (!shows(kind, text, value)) setText(formatDateText(kind, value));
  }

  const pick = (day: Dayjs) => {
    setOpen(false);
    if (kind === 'dateTime') {
      // The time is kept when there is one; without it the day is written and the time is left to type.
      const time = value?.isValid() ? value : null;
      const next = time ? day.hour(time.hour()).minute(time.minute()) : null;
      setText(next ? formatDateText(kind, next) : `${day.format('DD-MM-YYYY')} `);
      onChange(next ?? parseDateText(kind, `${day.format('DD-MM-YYYY')} `));
    } else {
      setText(formatDateText(kind, day));
      onChange(day);
    }
    onPick?.();
    input.current?.focus();
  };

  const chosen = value?.isValid() ? `, gekozen: ${dayLabel(value)}` : '';
  return (
    <FieldFrame id={id} ref={anchor} label={label} helperText={helperText} margin={margin} size={size} required={required} disabled={disabled} error={error}>
      {({ describedBy }) => (
      <>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={text}
        placeholder={dateFormats[kind].placeholder}
        inputRef={(element: HTMLInputElement | null) => {
          input.current = element;
          if (typeof inputRef === 'function') inputRef(element);
          else if (inputRef) inputRef.current = element;
        }}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': describedBy }}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseDateText(kind, event.target.value));
        }}
        onBlur={() => {
          // A date typed without its dashes is shown in the Dutch notation once the field is left.
          const typed = parseDateText(kind, text);
          if (typed?.isValid()) setText(formatDateText(kind, typed));
          onBlur?.();
        }}
        endAdornment={
          kind === 'time' ? undefined : (
            <InputAdornment position="end">
              <IconButton ref={button} edge="end" aria-label={`Kies datum${chosen}`} aria-haspopup="dialog" aria-expanded={open} disabled={disabled} onClick={() => setOpen(!open)}>
                <CalendarMonth />
              </IconButton>
            </InputAdornment>
          )
        }
      />
      {open ? (
        <LazyPart
          load={loadCalendar}
          props={{
            anchor: anchor.current,
            value,
            minDate,
            maxDate,
            onPick: pick,
            onClose: (returnFocus: boolean) => {
              setOpen(false);
              if (returnFocus) button.current?.focus();
            },
          }}
        />
      ) : null}
      </>
      )}
    </FieldFrame>
  );
}
