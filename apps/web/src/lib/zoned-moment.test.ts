import { describe, expect, it } from 'vitest';
import { dutchDays, dutchMoment } from './zoned-moment';

describe('dutchMoment', () => {
  it('reads a day and a time as Dutch time, in winter and in summer', () => {
    expect(dutchMoment('2026-11-24')).toBe('2026-11-23T23:00:00.000Z');
    expect(dutchMoment('2026-11-24T09:30')).toBe('2026-11-24T08:30:00.000Z');
    expect(dutchMoment('2026-07-01T09:30')).toBe('2026-07-01T07:30:00.000Z');
  });

  it('holds around the change to summer time', () => {
    expect(dutchMoment('2026-03-29T01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(dutchMoment('2026-03-29T04:00')).toBe('2026-03-29T02:00:00.000Z');
  });

  it('refuses what is not a day', () => {
    expect(dutchMoment('')).toBeNull();
    expect(dutchMoment('24-11-2026')).toBeNull();
  });

  it('makes a period of whole days, the last day included', () => {
    expect(dutchDays('2026-11-24', '2026-11-24')).toEqual({ from: '2026-11-23T23:00:00.000Z', until: '2026-11-24T23:00:00.000Z' });
    expect(dutchDays('', '2026-12-31')).toEqual({ from: null, until: '2026-12-31T23:00:00.000Z' });
  });
});
