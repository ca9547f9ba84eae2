import { describe, expect, it } from 'vitest';
import { formatEuro, formatRate, formatUnitPrice, monthLabel } from '../../lib/dutch-format.js';
import { invoiceTotals, lineNetCents, toUnits } from './invoice-totals.js';
import { printable } from './invoice-pdf.js';

describe('invoice arithmetic', () => {
  it('reads decimal text exactly', () => {
    expect(toUnits('12.3400', 4)).toBe(123_400n);
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect(toUnits('21.00', 2)).toBe(2100n);
    expect(toUnits('1.005', 2)).toBe(101n);
    expect(() => toUnits('abc', 2)).toThrow();
  });

  it('rounds each line to cents, half away from zero', () => {
    expect(lineNetCents({ quantity: 1234, unitPrice: '0.0450' })).toBe(5553);
    expect(lineNetCents({ quantity: 1, unitPrice: '0.0050' })).toBe(1);
    expect(lineNetCents({ quantity: -1, unitPrice: '0.0050' })).toBe(-1);
    expect(lineNetCents({ quantity: 3, unitPrice: '0.0033' })).toBe(1);
  });

  it('computes VAT per rate over the sum of its lines, not per line', () => {
    // Per line this would be 7 × round(0.02 × 0.21 = 0.0042) = 0.00; per rate it is round(0.14 × 0.21 = 0.0294) = 0.03.
    const lines = Array.from({ length: 7 }, () => ({ quantity: 1, unitPrice: '0.0200', vatRate: '21.00' }));
    expect(invoiceTotals(lines)).toEqual({ netCents: 14, vatCents: 3, grossCents: 17, byRate: [{ rate: 2100, netCents: 14, vatCents: 3 }] });
  });

  it('adds up a mixed invoice', () => {
    const totals = invoiceTotals([
      { quantity: 140, unitPrice: '4.2500', vatRate: '9.00' },
      { quantity: 137, unitPrice: '4.2500', vatRate: '9.00' },
      { quantity: 1234, unitPrice: '0.0450', vatRate: '9.00' },
      { quantity: 1, unitPrice: '35.0000', vatRate: '21.00' },
      { quantity: 1, unitPrice: '49.9500', vatRate: '21.00' },
    ]);
    expect(totals).toEqual({
      netCents: 131_773,
      vatCents: 12_879,
      grossCents: 144_652,
      byRate: [
        { rate: 900, netCents: 123_278, vatCents: 11_095 },
        { rate: 2100, netCents: 8495, vatCents: 1784 },
      ],
    });
    expect(invoiceTotals([])).toEqual({ netCents: 0, vatCents: 0, grossCents: 0, byRate: [] });
  });
});

describe('Dutch notation', () => {
  it('writes euros as the web app does', () => {
    expect(formatEuro(144_652)).toBe('€ 1.446,52');
    expect(formatEuro(5)).toBe('€ 0,05');
    expect(formatEuro(-1250)).toBe('€ -12,50');
    expect(formatEuro(123_456_789_00)).toBe('€ 123.456.789,00');
    expect(formatEuro(144_652)).toBe(new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(1446.52).replace(/\s/g, ' '));
  });

  it('writes unit prices with up to four decimals, rates and months', () => {
    expect(formatUnitPrice(450n)).toBe('€ 0,045');
    expect(formatUnitPrice(123_456n)).toBe('€ 12,3456');
    expect(formatUnitPrice(30_000n)).toBe('€ 3,00');
    expect(formatRate(2100)).toBe('21%');
    expect(formatRate(550)).toBe('5,5%');
    expect(formatRate(0)).toBe('0%');
    expect(monthLabel('2026-03-01')).toBe('maart 2026');
    expect(monthLabel('2025-12-01')).toBe('december 2025');
  });

  it('keeps what the PDF font can show and simplifies the rest', () => {
    expect(printable('Woonzorgcentrum Élan – “De Es” €')).toBe('Woonzorgcentrum Élan – “De Es” €');
    expect(printable('Yılmaz Doğan Łódź')).toBe('Yilmaz Dogan Lódz');
    expect(printable('中\nregel')).toBe('? regel');
  });
});
