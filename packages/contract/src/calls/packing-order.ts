import { z } from 'zod';
import { controller } from '../define.js';
import { isoDate } from '../fields.js';
import { tableCall } from '../table.js';

export const packingOrderTableColumns = ['facility', 'patientCount', 'bagCount', 'reelStatusText', 'orderDate'] as const;
export type PackingOrderTableColumn = (typeof packingOrderTableColumns)[number];

/** One packing order. */
export const packingOrderRow = z.object({
  facility: z.string(),
  patientCount: z.int(),
  bagCount: z.int(),
  reelStatusText: z.string(),
  /** `YYYY-MM-DD` */
  orderDate: isoDate(),
});
export type PackingOrderRow = z.infer<typeof packingOrderRow>;

/** The spec's Order controller, packing part. */
export const packingOrderCalls = controller('Order', {
  getOrderFulfillmentsTable: tableCall({
    columns: packingOrderTableColumns,
    row: packingOrderRow,
    summary: "One page of the customer's packing orders.",
  }),
});
