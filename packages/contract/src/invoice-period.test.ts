import { describe, expect, it } from 'vitest';
import { invoiceBundleFileName, invoicePeriod, parseInvoicePeriod } from './invoice-period.js';

describe('invoice periods', () => {
  it('names a month, a quarter and a year by their first and last month', () => {
    expect(invoicePeriod('Month', 2026, 3)).toEqual({ kind: 'Month', text: '2026-03', firstMonth: '2026-03-01', lastMonth: '2026-03-01' });
    expect(invoicePeriod('Quarter', 2026, 4)).toEqual({ kind: 'Quarter', text: '2026-Q4', firstMonth: '2026-10-01', lastMonth: '2026-12-01' });
    expect(invoicePeriod('Year', 2025)).toEqual({ kind: 'Year', text: '2025', firstMonth: '2025-01-01', lastMonth: '2025-12-01' });
  });

  it('reads back what it writes, forgiving a lower-case q and spaces around', () => {
    for (const text of ['2026-01', '2026-12', '2026-Q1', '2026-Q4', '2026']) expect(parseInvoicePeriod(text)?.text).toBe(text);
    expect(parseInvoicePeriod(' 2026-q2 ')?.text).toBe('2026-Q2');
  });

  it('is null for what names no period', () => {
    for (const text of ['', '2026-00', '2026-13', '2026-Q0', '2026-Q5', '1999', '2100', '26-03', '2026-3', 'maart 2026', '2026-03-01']) {
      expect(parseInvoicePeriod(text), text).toBeNull();
    }
    expect(invoicePeriod('Month', 2026, 0)).toBeNull();
    expect(invoicePeriod('Quarter', 2026, 1.5)).toBeNull();
  });

  it('names the ZIP as its files are named', () => {
    expect(invoiceBundleFileName('APO-1001', { text: '2026-Q1' })).toBe('Facturen APO-1001 2026-Q1.zip');
  });
});
