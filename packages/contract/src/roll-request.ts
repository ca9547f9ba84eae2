import { rollRequest } from './constants.js';
import { validation as v } from './messages.js';

/**
 * The date rules of the roll request (the product's constants and limits), shared by the form and the server so that both judge a
 * request alike. Dates are calendar dates `YYYY-MM-DD`; "today" is the caller's (the server takes it in
 * Europe/Amsterdam), so nothing here depends on a time zone.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isIsoDate = (x: unknown): x is string =>
  typeof x === 'string' && ISO_DATE.test(x) && new Date(`${x}T00:00:00Z`).toISOString().startsWith(x);

/** The calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar date of `moment` in Europe/Amsterdam, the provider's and its customers' day. */
export function amsterdamDate(moment: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** The rolls may cover at most this many days counted from the day they are produced (sent). */
export const rollPeriodFromProductionDays = rollRequest.maxWeeks * 7;

export interface RollRequestDates {
  startDate?: unknown;
  amountOfDays?: unknown;
  sendDate?: unknown;
  receiveDate?: unknown;
}

/**
 * The bounds each date picker of the form allows, given today and the dates chosen so far:
 * start date from today; delivery (receive) date from tomorrow up to the start date; send date from today up
 * to the day before the delivery date. A bound that depends on a date not chosen yet is absent.
 */
export function rollRequestDateLimits(today: string, chosen: { startDate?: string | null; receiveDate?: string | null }) {
  return {
    startDate: { min: today },
    receiveDate: { min: addDays(today, 1), max: chosen.startDate ?? undefined },
    sendDate: { min: today, max: chosen.receiveDate ? addDays(chosen.receiveDate, -1) : undefined },
  };
}

type Field = 'startDate' | 'amountOfDays' | 'sendDate' | 'receiveDate';

/**
 * The rules between the request's own dates (no "today" needed): the delivery not after the start, the send
 * date before the delivery, and the last roll day at most 12 weeks after production (the send date, the latest
 * day the rolls can be produced). Fields that are missing or not dates are left to their own checks.
 */
export function rollRequestOrderErrors(value: RollRequestDates): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const { startDate, sendDate, receiveDate, amountOfDays } = value;
  if (isIsoDate(startDate) && isIsoDate(receiveDate) && receiveDate > startDate) {
    errors.receiveDate = v.receiveDateOutOfRange;
  }
  if (isIsoDate(sendDate) && isIsoDate(receiveDate) && sendDate >= receiveDate) {
    errors.sendDate = v.sendDateOutOfRange;
  }
  // A number of days outside 1…84 has its own message.
  const days = typeof amountOfDays === 'number' && Number.isInteger(amountOfDays) ? amountOfDays : 0;
  if (isIsoDate(startDate) && isIsoDate(sendDate) && days >= 1 && days <= rollPeriodFromProductionDays) {
    const lastRollDay = addDays(startDate, days - 1);
    if (daysBetween(sendDate, lastRollDay) > rollPeriodFromProductionDays) errors.amountOfDays = v.rollPeriodBeyondTwelveWeeks;
  }
  return errors;
}

/** Every date rule of the roll request, including those measured from `today` (`YYYY-MM-DD`). */
export function rollRequestDateErrors(value: RollRequestDates, today: string): Partial<Record<Field, string>> {
  const errors = rollRequestOrderErrors(value);
  const { startDate, sendDate, receiveDate } = value;
  if (isIsoDate(startDate) && startDate < today) errors.startDate = v.startDateBeforeToday;
  if (isIsoDate(receiveDate) && receiveDate < addDays(today, 1)) errors.receiveDate = v.receiveDateOutOfRange;
  if (isIsoDate(sendDate) && sendDate < today) errors.sendDate = v.sendDateOutOfRange;
  return errors;
}
