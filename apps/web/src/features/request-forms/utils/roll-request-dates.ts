import { addDays, amsterdamDate, rollRequestDateErrors, rollRequestDateLimits } from '@portal/contract';

/**
 * The roll request's date rules on the form (the product's states and limits), as plain calendar dates `YYYY-MM-DD` so that
 * no device time zone can shift them: "today" is the day in Europe/Amsterdam.
 */
export interface RollRequestDates {
  startDate: string | null;
  /** The delivery date ('Ontvangstdatum'). */
  receiveDate: string | null;
  sendDate: string | null;
}

export type RollDateField = keyof RollRequestDates;

export interface DateLimit {
  min?: string;
  max?: string;
}

/** The day it is now for the provider and its customers. */
export function todayInAmsterdam(now: Date = new Date()): string {
  return amsterdamDate(now);
}

/**
 * What each picker allows: start date from today; delivery date from tomorrow up to the start date; send date
 * from today up to the day before the delivery date (before the start date while no delivery date is chosen,
 * because a send date on or after the start date is cleared).
 */
export function rollDateLimits(today: string, dates: RollRequestDates): Record<RollDateField, DateLimit> {
  const limits = rollRequestDateLimits(today, dates);
  const sendMax = limits.sendDate.max ?? (dates.startDate ? addDays(dates.startDate, -1) : undefined);
  // A start date in the past (on its way to a later one, say) would put a maximum before the minimum: the picker
  // then shows nothing at all. Without a possible range only the minimum counts; the form's check says the rest.
  const range = (min: string | undefined, max: string | undefined): DateLimit => (min && max && max < min ? { min } : { min, max });
  return {
    startDate: { min: limits.startDate.min },
    receiveDate: range(limits.receiveDate.min, limits.receiveDate.max),
    sendDate: range(limits.sendDate.min, sendMax),
  };
}

/**
 * The dates after one of them changed: a delivery date later than the start date is cleared, and a send date
 * on or after the start date or the delivery date is cleared.
 */
export function changeRollDate(dates: RollRequestDates, field: RollDateField, value: string | null): RollRequestDates {
  const next = { ...dates, [field]: value };
  if (next.receiveDate && next.startDate && next.receiveDate > next.startDate) next.receiveDate = null;
  if (
    next.sendDate &&
    ((next.startDate && next.sendDate >= next.startDate) || (next.receiveDate && next.sendDate >= next.receiveDate))
  ) {
    next.sendDate = null;
  }
  return next;
}

/** The fields that `changeRollDate` emptied. */
export function clearedRollDates(before: RollRequestDates, after: RollRequestDates): RollDateField[] {
  return (['startDate', 'receiveDate', 'sendDate'] as const).filter((field) => before[field] && !after[field]);
}

/** Messages for dates outside their limits (a date typed into a picker can be), measured from today. */
export function rollDateErrors(
  dates: RollRequestDates & { amountOfDays?: number },
  today: string,
): Partial<Record<RollDateField | 'amountOfDays', string>> {
  return rollRequestDateErrors(dates, today);
}
