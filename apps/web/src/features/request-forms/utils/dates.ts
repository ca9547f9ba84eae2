import dayjs, { type Dayjs } from 'dayjs';

/** `YYYY-MM-DD` of a picked date; null when none; `invalid` (which the contract refuses) for a half-typed one. */
export function dateText(value: Dayjs | null | undefined): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('YYYY-MM-DD') : 'invalid';
}

/** A calendar date `YYYY-MM-DD` as a dayjs date for a picker. */
export function pickerDate(text: string | undefined): Dayjs | undefined {
  return text ? dayjs(text) : undefined;
}
