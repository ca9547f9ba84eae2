/**
 * Moments from what a Dutch user types: a day (`YYYY-MM-DD`) or a day and time (`YYYY-MM-DDTHH:mm`, a
 * datetime-local input) read as Dutch time, whatever the device's zone, as the instant the server takes.
 */
const timeZone = 'Europe/Amsterdam';
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
const local = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** Minutes Dutch time is ahead of UTC at `at` ('GMT+01:00' → 60). */
function offsetMinutes(at: number): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The instant (ISO, UTC) of a Dutch day's start or of a Dutch day and time; null for anything else. */
export function dutchMoment(text: string, addDays = 0): string | null {
  const match = local.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day) + addDays, Number(hour), Number(minute));
  if (Number.isNaN(wall)) return null;
  // The offset at the wall time read as UTC is right except within hours of a change; a second look settles it.
  const guess = wall - offsetMinutes(wall) * 60_000;
  return new Date(wall - offsetMinutes(guess) * 60_000).toISOString();
}

/** A period of whole Dutch days, both ends included, as instants: from the first day's start to the day after the last. */
export function dutchDays(from: string, until: string): { from: string | null; until: string | null } {
  return { from: from ? dutchMoment(from) : null, until: until ? dutchMoment(until, 1) : null };
}
