import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { packingOrderTable } from './packing-orders.table.js';

export function registerPackingOrderRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, calls.packingOrder.getOrderFulfillmentsTable, ({ body, request }) => {
    const { clientId } = authOf(request);
    return withTenant(db, clientId, (tx) => queryTable(tx, packingOrderTable, clientId, body));
  });
}
