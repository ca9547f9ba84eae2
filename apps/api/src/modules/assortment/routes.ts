import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { drugTable } from './assortment.table.js';

export function registerAssortmentRoutes(app: FastifyInstance) {
  registerCall(app, calls.assortment.getDrugTable, ({ body, tx, claims }) => queryTable(tx, drugTable, claims.clientId, body), { tenant: 'reads' });
}
