import { z } from 'zod';
import { controller } from '../define.js';
import { isoTime } from '../fields.js';
import { tableCall } from '../table.js';

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

/** The spec's Order controller, calendar part: the delivery agreements. */
export const deliveryScheduleCalls = controller('Order', {
  getOrderFulfillmentSchedulesTable: tableCall({
    columns: deliveryScheduleTableColumns,
    row: deliveryScheduleRow,
    summary: "One page of the customer's delivery schedules.",
  }),
});
