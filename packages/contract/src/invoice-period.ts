/**
 * A period of invoices as one text, for the bundle download (not in the spec, issue 14): a year ('2026'), a
 * quarter ('2026-Q1') or a month ('2026-03'). The web app writes it, the server reads it; both with these functions.
 */
export const invoicePeriodKinds = ['Month', 'Quarter', 'Year'] as const;
export type InvoicePeriodKind = (typeof invoicePeriodKinds)[number];

/** How the screen names the kinds. */
export const invoicePeriodKindLabels: Record<InvoicePeriodKind, string> = { Month: 'Maand', Quarter: 'Kwartaal', Year: 'Jaar' };

/** Years outside these bounds are no invoice period of this portal. */
export const invoicePeriodYears = { min: 2000, max: 2099 } as const;

export interface InvoicePeriod {
  kind: InvoicePeriodKind;
  /** '2026', '2026-Q1', '2026-03' */
  text: string;
  /** the first and the last invoiced month, as their first day: '2026-01-01', '2026-03-01' */
  firstMonth: string;
  lastMonth: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The period of a kind in a year: `index` is the month (1–12) or the quarter (1–4), ignored for a year.
 * Null when the numbers name no period.
 */
export function invoicePeriod(kind: InvoicePeriodKind, year: number, index = 1): InvoicePeriod | null {
  if (!Number.isInteger(year) || year < invoicePeriodYears.min || year > invoicePeriodYears.max || !Number.isInteger(index)) return null;
  const months = kind === 'Year' ? [1, 12] : kind === 'Quarter' ? [index * 3 - 2, index * 3] : [index, index];
  const limit = kind === 'Quarter' ? 4 : 12;
  if (kind !== 'Year' && (index < 1 || index > limit)) return null;
  const text = kind === 'Year' ? String(year) : kind === 'Quarter' ? `${year}-Q${index}` : `${year}-${pad(index)}`;
  return { kind, text, firstMonth: `${year}-${pad(months[0]!)}-01`, lastMonth: `${year}-${pad(months[1]!)}-01` };
}

/** The period a text names ('2026', '2026-Q1', '2026-03'; 'q' and surrounding spaces forgiven), or null. */
export function parseInvoicePeriod(text: string): InvoicePeriod | null {
  const match = /^(\d{4})(?:-(?:[Qq]([1-4])|(\d{2})))?$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2]) return invoicePeriod('Quarter', year, Number(match[2]));
  if (match[3]) return invoicePeriod('Month', year, Number(match[3]));
  return invoicePeriod('Year', year);
}

/** 'Facturen APO-1001 2026-Q1.zip': the bundle is named as its files are, by customer code and period. */
export const invoiceBundleFileName = (clientCode: string, period: Pick<InvoicePeriod, 'text'>) => `Facturen ${clientCode} ${period.text}.zip`;
