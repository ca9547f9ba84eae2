/** How the provider's mails write dates, times and choices: as a Dutch reader expects them. */

/** '1950-04-03' → '03-04-1950' (dd-mm-jjjj) */
export function dutchDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}-${month}-${year}`;
}

const amsterdamParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An ISO date-time as 'dd-mm-jjjj HH:mm'. A wall-clock moment (no offset) is written as typed; a moment with
 * an offset or Z is shown in Europe/Amsterdam time.
 */
export function dutchDateTime(isoDateTime: string): string {
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(isoDateTime)) {
    return `${dutchDate(isoDateTime)} ${isoDateTime.slice(11, 16)}`;
  }
  const parts = Object.fromEntries(amsterdamParts.formatToParts(new Date(isoDateTime)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nee');
