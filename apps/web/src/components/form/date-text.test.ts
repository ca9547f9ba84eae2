import { describe, expect, it } from 'vitest';
import { formatDateText, parseDateText } from './date-text';

const shown = (kind: 'date' | 'time' | 'dateTime', text: string) => {
  const value = parseDateText(kind, text);
  return value === null ? null : value.isValid() ? formatDateText(kind, value) : 'invalid';
};

describe('the text of a date or time field', () => {
  it('takes a date with dashes, other separators or none, day first', () => {
    expect(shown('date', '03-11-2026')).toBe('03-11-2026');
    expect(shown('date', '03112026')).toBe('03-11-2026');
    expect(shown('date', '3-11-2026')).toBe('03-11-2026');
    expect(shown('date', ' 3/11/2026 ')).toBe('03-11-2026');
    expect(shown('date', '3.11.2026')).toBe('03-11-2026');
    expect(shown('date', '')).toBeNull();
  });

  it('calls an impossible or unfinished date no date, never moving it to another day', () => {
    for (const text of ['31-02-2026', '29-02-2026', '00-01-2026', '03-13-2026', '03-11', '0311202', '3112026', 'morgen', '03-11-26']) {
      expect(shown('date', text), text).toBe('invalid');
    }
    expect(shown('date', '29-02-2028')).toBe('29-02-2028');
  });

  it('takes a time on the 24-hour clock with or without its colon', () => {
    expect(shown('time', '17:30')).toBe('17:30');
    expect(shown('time', '1730')).toBe('17:30');
    expect(shown('time', '9:05')).toBe('09:05');
    expect(shown('time', '00:00')).toBe('00:00');
    for (const text of ['24:00', '17:60', '17', '5:3']) expect(shown('time', text), text).toBe('invalid');
  });

  it('takes a date with a time', () => {
    expect(shown('dateTime', '15-07-2026 12:01')).toBe('15-07-2026 12:01');
    expect(shown('dateTime', '150720261201')).toBe('15-07-2026 12:01');
    expect(shown('dateTime', '15-07-2026 1201')).toBe('15-07-2026 12:01');
    expect(shown('dateTime', '15-07-2026')).toBe('invalid');
    expect(shown('dateTime', '31-06-2026 12:00')).toBe('invalid');
  });
});
