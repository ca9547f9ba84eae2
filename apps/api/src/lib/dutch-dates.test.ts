import { describe, expect, it } from 'vitest';
import { dutchDate, dutchMoment, dutchTime } from './dutch-dates.js';

describe('Dutch dates in the mails', () => {
  it('writes dates and wall-clock times as sent', () => {
    expect(dutchDate('2026-02-03')).toBe('3 februari 2026');
    expect(dutchDate('2026-12-31T23:30')).toBe('31 december 2026');
    expect(dutchTime('2026-02-03T08:15')).toBe('08:15');
    expect(dutchTime('2026-02-03')).toBeNull();
    expect(dutchMoment('2026-03-10T07:30:00')).toBe('10 maart 2026 om 07:30');
    expect(dutchMoment('2026-03-10')).toBe('10 maart 2026');
  });

  it('shows a moment with a zone in Amsterdam time, summer and winter', () => {
    expect(dutchMoment('2026-12-31T23:30:00Z')).toBe('1 januari 2027 om 00:30');
    expect(dutchMoment('2026-07-01T06:00:00+00:00')).toBe('1 juli 2026 om 08:00');
  });

  it('answers nothing for nothing or nonsense', () => {
    expect(dutchDate(null)).toBeNull();
    expect(dutchDate(undefined)).toBeNull();
    expect(dutchMoment('gisteren')).toBeNull();
  });
});
