import dayjs, { type Dayjs } from 'dayjs';

/** What a field holds: a day, a time of day, or both. */
export type DateKind = 'date' | 'time' | 'dateTime';

/** How each kind is shown (dayjs tokens) and what its placeholder tells a Dutch user to type. */
export const dateFormats: Record<DateKind, { format: string; placeholder: string }> = {
  date: { format: 'DD-MM-YYYY', placeholder: 'DD-MM-JJJJ' },
  time: { format: 'HH:mm', placeholder: 'UU:MM' },
  dateTime: { format: 'DD-MM-YYYY HH:mm', placeholder: 'DD-MM-JJJJ UU:MM' },
};

// Separators may be left out, so a phone's numeric keypad (digits only) can type a whole date: 03112026, 1730. A
// date without them has all eight digits, so that 3112026 is not guessed at.
const datePart = String.raw`(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})`;
const datePartDigits = String.raw`(\d{2})(\d{2})(\d{4})`;
const timePart = String.raw`(\d{1,2})[:. ]?(\d{2})`;
const patterns: Record<DateKind, RegExp[]> = {
  date: [new RegExp(`^${datePart}$`), new RegExp(`^${datePartDigits}$`)],
  time: [new RegExp(`^${timePart}$`)],
  dateTime: [new RegExp(`^${datePart}[ T,]+${timePart}$`), new RegExp(`^${datePartDigits} ?(\\d{2})(\\d{2})$`)],
};

/** A date that is no date: what a half-typed or impossible value becomes, so the form's checks call it invalid. */
const notADate = () => dayjs(Number.NaN);

function build(kind: DateKind, numbers: number[]): Dayjs {
  const [day = 0, month = 0, year = 0] = kind === 'time' ? [] : numbers;
  const [hour = 0, minute = 0] = kind === 'time' ? numbers : kind === 'dateTime' ? numbers.slice(3) : [];
  if (hour > 23 || minute > 59) return notADate();
  if (kind === 'time') return dayjs().hour(hour).minute(minute).second(0).millisecond(0);
  const value = dayjs(new Date(year, month - 1, day, hour, minute));
  // new Date rolls 31-02 over into March: an impossible day is refused, not moved.
  const same = value.date() === day && value.month() === month - 1 && value.year() === year;
  return same && year >= 1000 ? value : notADate();
}

/** The value of what was typed: null when empty, an invalid date when it is no (complete) date. */
export function parseDateText(kind: DateKind, text: string): Dayjs | null {
  const typed = text.trim();
  if (typed === '') return null;
  for (const pattern of patterns[kind]) {
    const match = pattern.exec(typed);
    if (match) return build(kind, match.slice(1).map(Number));
  }
  return notADate();
}

/** The text a value shows: empty for none, its Dutch notation when valid. */
export function formatDateText(kind: DateKind, value: Dayjs | null | undefined): string {
  return value?.isValid() ? value.format(dateFormats[kind].format) : '';
}

const longDay = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A day read in full, as a screen reader says it: "dinsdag 3 november 2026". */
export const dayLabel = (day: Dayjs) => longDay.format(day.toDate());
