import { calls } from '@portal/contract';
import { anyAccount, type PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { drugTable } from './assortment.table.js';

export function registerAssortmentRoutes(portal: PortalDoor) {
  portal.read(calls.assortment.getDrugTable, anyAccount, ({ body, tx, claims }) => queryTable(tx, drugTable, claims.clientId, body));
}
