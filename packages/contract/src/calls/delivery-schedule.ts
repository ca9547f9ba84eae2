import { z } from 'zod';
import { isoTime } from '../fields.js';
import { defineTableCall } from '../table.js';

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

const getOrderFulfillmentSchedulesTable = defineTableCall({
  controller: 'Order',
  action: 'GetOrderFulfillmentSchedulesTable',
  columns: deliveryScheduleTableColumns,
  row: deliveryScheduleRow,
  summary: "One page of the customer's delivery schedules.",
});

/** The spec's Order controller, calendar part: the delivery agreements. */
export const deliveryScheduleCalls = { getOrderFulfillmentSchedulesTable } as const;
