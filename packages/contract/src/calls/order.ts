import { z } from 'zod';
import { defineCall } from '../define.js';
import { isoDate, isoTime } from '../fields.js';
import { tableRequest, tableResponse } from '../table.js';

export const deliveryScheduleTableColumns = [
  'facility',
  'arrivalDay',
  'arrivalTime',
  'shipmentDay',
  'shipmentTime',
] as const;
export type DeliveryScheduleTableColumn = (typeof deliveryScheduleTableColumns)[number];

/** One delivery agreement of a facility (the calendar screen). */
export const deliveryScheduleRow = z.object({
  facility: z.string(),
  /** The weekday as shown to the user. */
  arrivalDay: z.string(),
  /** `HH:mm` */
  arrivalTime: isoTime(),
  shipmentDay: z.string(),
  /** `HH:mm` */
  shipmentTime: isoTime(),
});
export type DeliveryScheduleRow = z.infer<typeof deliveryScheduleRow>;

const getOrderFulfillmentSchedulesTable = defineCall({
  controller: 'Order',
  action: 'GetOrderFulfillmentSchedulesTable',
  method: 'POST',
  body: tableRequest(deliveryScheduleTableColumns),
  response: tableResponse(deliveryScheduleRow),
  summary: "One page of the customer's delivery schedules.",
});

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

const getOrderFulfillmentsTable = defineCall({
  controller: 'Order',
  action: 'GetOrderFulfillmentsTable',
  method: 'POST',
  body: tableRequest(packingOrderTableColumns),
  response: tableResponse(packingOrderRow),
  summary: "One page of the customer's packing orders.",
});

export const orderCalls = { getOrderFulfillmentSchedulesTable, getOrderFulfillmentsTable } as const;
