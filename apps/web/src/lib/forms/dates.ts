import dayjs, { type Dayjs } from 'dayjs';

/**
 * What a picker holding an unfinished or impossible date or time sends. It is no date, so the contract refuses it
 * with its own message ('Ongeldige datum'), as the server would.
 */
export const invalidDate = 'invalid';

/** `YYYY-MM-DD`, or null when empty. */
export function dateText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('YYYY-MM-DD') : invalidDate;
}

/** `HH:mm` (24-hour clock), or null when empty. */
export function timeText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('HH:mm') : invalidDate;
}

/** A wall-clock moment `YYYY-MM-DDTHH:mm:00` (local time, no offset), or null when empty. */
export function dateTimeText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('YYYY-MM-DDTHH:mm:00') : invalidDate;
}

/** A date with, when known, its time of day: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:00`. */
export function dateWithTimeText(date: Dayjs | null | undefined, time: Dayjs | null | undefined): string | null {
  const day = dateText(date);
  if (!day || day === invalidDate || !time) return day;
  const clock = timeText(time);
  return clock === invalidDate ? invalidDate : `${day}T${clock}:00`;
}

/** A calendar date `YYYY-MM-DD` as a dayjs date for a picker. */
export function pickerDate(text: string | undefined): Dayjs | undefined {
  return text ? dayjs(text) : undefined;
}
