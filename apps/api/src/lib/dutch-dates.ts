/** Dates and times in the provider's mails, written the Dutch way: '3 februari 2026', '3 februari 2026 om 08:15'. */

/** The Dutch month names, January first (mails, invoice files, the invoice table's search). */
export const monthNames = [
  'januari', 'februari', 'maart', 'april', 'mei', 'juni',
  'juli', 'augustus', 'september', 'oktober', 'november', 'december',
] as const;

const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** '2026-02-03' → '3 februari 2026'; of a date-time, its (Amsterdam) date. */
export function dutchDate(isoDate: string | null | undefined): string | null {
  const moment = wallClock(isoDate);
  if (!moment) return null;
  const [year, month, day] = moment.date.split('-');
  return `${Number(day)} ${monthNames[Number(month) - 1]} ${year}`;
}

/** 'HH:mm' of an ISO date-time: the wall-clock time as written, or Amsterdam time when it carries a zone. */
export function dutchTime(isoDateTime: string | null | undefined): string | null {
  const moment = wallClock(isoDateTime);
  return moment?.time ?? null;
}

/** '2026-02-03T08:15' → '3 februari 2026 om 08:15'; a date alone → '3 februari 2026'. */
export function dutchMoment(isoDateTime: string | null | undefined): string | null {
  const moment = wallClock(isoDateTime);
  if (!moment) return null;
  const date = dutchDate(moment.date);
  return moment.time ? `${date} om ${moment.time}` : date;
}

/** The date and time as written, or as an Amsterdam clock shows an instant: to the minute, or to the second. */
export function wallClock(text: string | null | undefined, options: { seconds?: boolean } = {}): { date: string; time: string | null } | null {
  if (!text) return null;
  const local = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text);
  if (local) return { date: local[1]!, time: local[2] ? (options.seconds ? `${local[2]}:${local[3] ?? '00'}` : local[2]) : null };
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(amsterdam.formatToParts(instant).map((part) => [part.type, part.value]));
  const time = `${parts.hour}:${parts.minute}`;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: options.seconds ? `${time}:${parts.second}` : time };
}

const longMoment = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' });

/** When something was received or ordered, in the provider's mails: '24 november 2026 om 10:15' (Amsterdam time). */
export const dutchMomentOf = (moment: Date) => longMoment.format(moment);

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nee');
