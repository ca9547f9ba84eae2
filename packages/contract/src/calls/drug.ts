import { z } from 'zod';
import { defineCall } from '../define.js';
import { tableRequest, tableResponse } from '../table.js';

export const drugTableColumns = [
  'longName',
  'ziNumber',
  'gpk',
  'hpk',
  'dtaDescription',
  'splitDescription',
  'packaging',
] as const;
export type DrugTableColumn = (typeof drugTableColumns)[number];

/** A product of the customer's assortment. */
export const drugRow = z.object({
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
export type DrugRow = z.infer<typeof drugRow>;

const getDrugTable = defineCall({
  controller: 'Drug',
  action: 'GetDrugTable',
  method: 'POST',
  body: tableRequest(drugTableColumns),
  response: tableResponse(drugRow),
  summary: "One page of the customer's assortment; search matches name, ZI number, GPK and HPK.",
});

export const drugCalls = { getDrugTable } as const;
