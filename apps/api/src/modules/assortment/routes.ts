import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { drugTable } from './assortment.table.js';

export function registerAssortmentRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, calls.assortment.getDrugTable, ({ body, request }) => {
    const { clientId } = authOf(request);
    return withTenant(db, clientId, (tx) => queryTable(tx, drugTable, clientId, body));
  });
}
