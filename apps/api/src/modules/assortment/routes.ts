import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { drugTable } from './assortment.table.js';

export function registerAssortmentRoutes(portal: PortalDoor) {
  portal.read(calls.assortment.getDrugTable, ({ body, tx, claims }) => queryTable(tx, drugTable, claims.customerId, body));
}
