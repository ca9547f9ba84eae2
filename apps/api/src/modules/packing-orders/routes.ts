import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { packingOrderTable } from './packing-orders.table.js';

export function registerPackingOrderRoutes(portal: PortalDoor) {
  portal.read(calls.packingOrder.getOrderFulfillmentsTable, ({ body, tx, claims }) => queryTable(tx, packingOrderTable, claims.customerId, body));
}
