/**
 * Dutch display formats. Moments are shown in Dutch time whatever the device's zone; calendar dates
 * (`YYYY-MM-DD`) are never shifted by a zone.
 */
const timeZone = 'Europe/Amsterdam';

type DateInput = string | number | Date | null | undefined;

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const calendarMonth = /^(\d{4})-(\d{2})(?:-\d{2})?$/;

const dateParts = new Intl.DateTimeFormat('nl-NL', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeParts = new Intl.DateTimeFormat('nl-NL', {
  timeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const monthFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const zonedMonthFormat = new Intl.DateTimeFormat('nl-NL', { timeZone, month: 'long', year: 'numeric' });
const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const integerFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** `05-01-2026` (dd-mm-jjjj); empty for a missing or invalid value. */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string') {
    const match = calendarDate.exec(value);
    if (match) return `${match[3]}-${match[2]}-${match[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const parts = dateParts.formatToParts(date);
  return `${part(parts, 'day')}-${part(parts, 'month')}-${part(parts, 'year')}`;
}

/** `05-01-2026 14:30`, 24-hour clock, Dutch time (`05-01-2026 14:30:07` with seconds); empty for a missing or invalid value. */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = timeParts.formatToParts(date);
  const time = `${part(parts, 'hour')}:${part(parts, 'minute')}`;
  return `${formatDate(date)} ${options.seconds ? `${time}:${part(parts, 'second')}` : time}`;
}

/** `januari 2026`, from `2026-01`, `2026-01-31` or a moment; empty for a missing or invalid value. */
export function formatMonth(value: DateInput): string {
  if (typeof value === 'string') {
    const match = calendarMonth.exec(value);
    if (match) {
      const month = Number(match[2]);
      if (month < 1 || month > 12) return '';
      return monthFormat.format(Date.UTC(Number(match[1]), month - 1, 1));
    }
  }
  const date = toDate(value);
  return date ? zonedMonthFormat.format(date) : '';
}

/** `€ 1.234,56`; empty for a missing or non-numeric amount. */
export function formatEuro(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? euroFormat.format(value) : '';
}

/** `12.345`: a count with Dutch thousands separators; empty for a missing or non-numeric value. */
export function formatInteger(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? integerFormat.format(value) : '';
}
