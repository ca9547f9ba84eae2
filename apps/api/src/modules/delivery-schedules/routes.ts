import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { deliveryScheduleTable } from './delivery-schedules.table.js';

export function registerDeliveryScheduleRoutes(portal: PortalDoor) {
  portal.read(calls.deliverySchedule.getOrderFulfillmentSchedulesTable, ({ body, tx, claims }) => queryTable(tx, deliveryScheduleTable, claims.customerId, body));
}
