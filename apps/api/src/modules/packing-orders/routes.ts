import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { packingOrderTable } from './packing-orders.table.js';

export function registerPackingOrderRoutes(app: FastifyInstance) {
  registerCall(app, calls.packingOrder.getOrderFulfillmentsTable, ({ body, tx, claims }) => queryTable(tx, packingOrderTable, claims.clientId, body), { tenant: 'reads' });
}
