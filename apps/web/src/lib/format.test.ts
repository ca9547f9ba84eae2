import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEuro, formatInteger, formatMonth } from './format';

// Intl puts a no-break space between the euro sign and the amount.
const nbsp = '\u00a0';

describe('formatDate', () => {
  it('shows calendar dates as dd-mm-jjjj without shifting them through a time zone', () => {
    expect(formatDate('2026-01-05')).toBe('05-01-2026');
    expect(formatDate('2025-12-31')).toBe('31-12-2025');
  });

  it('shows moments on the Dutch calendar day', () => {
    expect(formatDate('2026-01-05T23:30:00Z')).toBe('06-01-2026');
    expect(formatDate(new Date(Date.UTC(2026, 6, 1, 12)))).toBe('01-07-2026');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('geen datum')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows Dutch time on a 24-hour clock, summer and winter', () => {
    expect(formatDateTime('2026-01-05T13:07:00Z')).toBe('05-01-2026 14:07');
    expect(formatDateTime('2026-07-05T22:30:00Z')).toBe('06-07-2026 00:30');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('later')).toBe('');
  });
});

describe('formatMonth', () => {
  it('names the month in Dutch', () => {
    expect(formatMonth('2026-01')).toBe('januari 2026');
    expect(formatMonth('2026-03-01')).toBe('maart 2026');
    expect(formatMonth('2025-12-31')).toBe('december 2025');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatMonth('2026-13')).toBe('');
    expect(formatMonth(null)).toBe('');
  });
});

describe('formatEuro', () => {
  it('writes euros the Dutch way', () => {
    expect(formatEuro(1234.56)).toBe(`€${nbsp}1.234,56`);
    expect(formatEuro(0)).toBe(`€${nbsp}0,00`);
    expect(formatEuro(1234567.5)).toBe(`€${nbsp}1.234.567,50`);
    expect(formatEuro('19.9')).toBe(`€${nbsp}19,90`);
  });

  it('is empty for a missing or non-numeric amount', () => {
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(undefined)).toBe('');
    expect(formatEuro('')).toBe('');
    expect(formatEuro('veel')).toBe('');
  });
});

describe('formatInteger', () => {
  it('groups thousands with a dot', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(987)).toBe('987');
    expect(formatInteger(12345)).toBe('12.345');
    expect(formatInteger(2_000_000)).toBe('2.000.000');
  });

  it('is empty for nothing', () => {
    expect(formatInteger(null)).toBe('');
    expect(formatInteger(undefined)).toBe('');
    expect(formatInteger(Number.NaN)).toBe('');
  });
});
