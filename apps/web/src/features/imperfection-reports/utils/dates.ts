import type { Dayjs } from 'dayjs';

/** What a picker holding an unfinished or impossible date sends: the contract answers 'Ongeldige datum'. */
const invalid = 'ongeldig';

/** `YYYY-MM-DD`, or null when empty. */
export function dateText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('YYYY-MM-DD') : invalid;
}

/** `HH:mm` (24-hour clock), or null when empty. */
export function timeText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('HH:mm') : invalid;
}

/** A wall-clock moment `YYYY-MM-DDTHH:mm:00` (local time, no offset), or null when empty. */
export function dateTimeText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('YYYY-MM-DDTHH:mm:00') : invalid;
}

/** A date with, when known, its time of day: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:00`. */
export function dateWithTimeText(date: Dayjs | null | undefined, time: Dayjs | null | undefined): string | null {
  const day = dateText(date);
  if (!day || day === invalid || !time) return day;
  const clock = timeText(time);
  return clock === invalid ? invalid : `${day}T${clock}:00`;
}
