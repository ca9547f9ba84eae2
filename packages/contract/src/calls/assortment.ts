import { z } from 'zod';
import { controller } from '../define.js';
import { tableCall } from '../table.js';

export const assortmentTableColumns = [
  'longName',
  'ziNumber',
  'gpk',
  'hpk',
  'dtaDescription',
  'splitDescription',
  'packaging',
] as const;
export type AssortmentTableColumn = (typeof assortmentTableColumns)[number];

/** A product of the customer's assortment. */
export const assortmentRow = z.object({
  longName: z.string(),
  ziNumber: z.string(),
  gpk: z.string(),
  hpk: z.string(),
  /** Appearance. */
  dtaDescription: z.string(),
  /** Shown as 'Nee' when it contains the word ERROR, otherwise 'Ja' (column Kan gehalveerd). */
  splitDescription: z.string(),
  /** In primary packaging. */
  packaging: z.string(),
});
export type AssortmentRow = z.infer<typeof assortmentRow>;

/** The spec's Drug controller: the assortment. */
export const assortmentCalls = controller('Drug', {
  getDrugTable: tableCall({
    columns: assortmentTableColumns,
    row: assortmentRow,
    summary: "One page of the customer's assortment; search matches name, ZI number, GPK and HPK.",
  }),
});
