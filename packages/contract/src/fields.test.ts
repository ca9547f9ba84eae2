import { describe, expect, it } from 'vitest';
import { isCalendarDay, isoDate } from './fields.js';
import { departmentPhrase } from './messages.js';

/** What the calendar says, through the Date of JavaScript: the day read back is the day written. */
const byDate = (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const two = (n: number) => String(n).padStart(2, '0');

describe('isCalendarDay', () => {
  it('agrees with the calendar for every month 00–13 and day 00–32 of the years 1899–2101, 0000 and 9999', () => {
    const years = [0, 9999, ...Array.from({ length: 203 }, (_, i) => 1899 + i)];
    let days = 0;
    for (const year of years) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const s = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
          expect(isCalendarDay(s), s).toBe(byDate(s));
          if (byDate(s)) days += 1;
        }
      }
    }
    // 365 or 366 days a year: the loop met the calendar's days, not only its refusals.
    expect(days).toBeGreaterThan(365 * years.length);
  });

  it('takes 29 February in leap years only (2000 and 2024, not 1900 or 2026)', () => {
    expect(['2000-02-29', '2024-02-29', '1900-02-29', '2026-02-29'].map(isCalendarDay)).toEqual([true, true, false, false]);
  });

  it('is what isoDate checks after the pattern', () => {
    expect(isoDate().safeParse('2026-11-26').success).toBe(true);
    expect(isoDate().safeParse('2026-11-31').success).toBe(false);
    expect(isoDate().safeParse('2026-1-31').success).toBe(false);
  });
});

describe('departmentPhrase', () => {
  it("says 'afdeling' once", () => {
    expect(departmentPhrase('Duinzicht')).toBe('afdeling Duinzicht');
    expect(departmentPhrase('Afdeling Zeeroos')).toBe('Afdeling Zeeroos');
    expect(departmentPhrase('afdelingshoofd Noord')).toBe('afdeling afdelingshoofd Noord');
  });
});
