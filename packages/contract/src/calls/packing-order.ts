import { z } from 'zod';
import { isoDate } from '../fields.js';
import { defineTableCall } from '../table.js';

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

const getOrderFulfillmentsTable = defineTableCall({
  controller: 'Order',
  action: 'GetOrderFulfillmentsTable',
  columns: packingOrderTableColumns,
  row: packingOrderRow,
  summary: "One page of the customer's packing orders.",
});

/** The spec's Order controller, packing part. */
export const packingOrderCalls = { getOrderFulfillmentsTable } as const;
