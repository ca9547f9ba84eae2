/**
 * How Dutch users type what they look for in the patient field: parts of a name, a birth date as 3-4-1950,
 * 03-04-1950, 1950-04-03 (or with / or . between), a day and month (03-04), or a year of birth (1950).
 * Every part typed must match.
 */
export type SearchTerm =
  | { kind: 'name'; text: string }
  | { kind: 'date'; date: string }
  | { kind: 'dayMonth'; day: number; month: number }
  | { kind: 'year'; year: number }
  /** looks like a date but is none (31-02-1950): matches no patient */
  | { kind: 'impossible' };

const DAY_MONTH_YEAR = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_MONTH = /^(\d{1,2})[-/.](\d{1,2})[-/.]?$/;
const YEAR = /^(1[89]\d{2}|2\d{3})$/;
const DATE_LIKE = /^[\d]+([-/.][\d]*)+$/;

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function dateTerm(token: string): SearchTerm | null {
  let match = DAY_MONTH_YEAR.exec(token);
  if (match) {
    const date = calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
    return date ? { kind: 'date', date } : { kind: 'impossible' };
  }
  match = YEAR_MONTH_DAY.exec(token);
  if (match) {
    const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
    return date ? { kind: 'date', date } : { kind: 'impossible' };
  }
  match = DAY_MONTH.exec(token);
  if (match) {
    const day = Number(match[1]);
    const month = Number(match[2]);
    // 29-02 exists (in leap years): checked against 2000.
    return calendarDate(2000, month, day) ? { kind: 'dayMonth', day, month } : { kind: 'impossible' };
  }
  match = YEAR.exec(token);
  if (match) return { kind: 'year', year: Number(match[1]) };
  return DATE_LIKE.test(token) ? { kind: 'impossible' } : null;
}

/** The parts of a search text; commas and spaces separate them ("Jansen, Jan"). */
export function searchTerms(search: string): SearchTerm[] {
  return search
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((token) => dateTerm(token) ?? { kind: 'name', text: token });
}
