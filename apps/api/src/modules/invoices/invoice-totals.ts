/**
 * The arithmetic of an invoice, in exact integers. One rule, used for every file and to be used for the
 * stored `invoice_amount` too:
 *   line amount excl. VAT = quantity × unit price, rounded to cents;
 *   VAT per rate          = (sum of the line amounts at that rate) × rate, rounded to cents;
 *   total incl. VAT       = sum of the line amounts + sum of the VAT per rate.
 * Rounding is half away from zero, as PostgreSQL's round() and Excel's ROUND().
 */

export interface LineInput {
  quantity: number;
  /** numeric text as PostgreSQL answers it, e.g. '12.3400' */
  unitPrice: string;
  /** percent as numeric text, e.g. '21.00' */
  vatRate: string;
}

export interface RateTotal {
  /** hundredths of a percent: 2100 = 21% */
  rate: number;
  netCents: number;
  vatCents: number;
}

export interface InvoiceTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** by rate, lowest rate first */
  byRate: RateTotal[];
}

/** Decimal text → integer count of `10^-scale` units (rounded when the text has more decimals). */
export function toUnits(text: string, scale: number): bigint {
  const match = /^\s*([-+])?(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (!match[2] && !match[3])) throw new Error(`not a decimal number: ${text}`);
  const fraction = match[3] ?? '';
  const kept = BigInt(`${match[2] || '0'}${fraction.slice(0, scale).padEnd(scale, '0')}`);
  const roundUp = fraction.length > scale && Number(fraction[scale]) >= 5;
  const magnitude = roundUp ? kept + 1n : kept;
  return match[1] === '-' ? -magnitude : magnitude;
}

/** n / d rounded half away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}

export function lineNetCents(line: Pick<LineInput, 'quantity' | 'unitPrice'>): number {
  return Number(divideRounded(BigInt(line.quantity) * toUnits(line.unitPrice, 4), 100n));
}

export function rateHundredths(vatRate: string): number {
  return Number(toUnits(vatRate, 2));
}

export function invoiceTotals(lines: LineInput[]): InvoiceTotals {
  const netByRate = new Map<number, number>();
  for (const line of lines) {
    const rate = rateHundredths(line.vatRate);
    netByRate.set(rate, (netByRate.get(rate) ?? 0) + lineNetCents(line));
  }
  const byRate = [...netByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, netCents]) => ({ rate, netCents, vatCents: Number(divideRounded(BigInt(netCents) * BigInt(rate), 10_000n)) }));
  const netCents = byRate.reduce((sum, r) => sum + r.netCents, 0);
  const vatCents = byRate.reduce((sum, r) => sum + r.vatCents, 0);
  return { netCents, vatCents, grossCents: netCents + vatCents, byRate };
}
