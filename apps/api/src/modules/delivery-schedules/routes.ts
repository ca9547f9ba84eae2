import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { deliveryScheduleTable } from './delivery-schedules.table.js';

export function registerDeliveryScheduleRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, calls.deliverySchedule.getOrderFulfillmentSchedulesTable, ({ body, request }) => {
    const { clientId } = authOf(request);
    return withTenant(db, clientId, (tx) => queryTable(tx, deliveryScheduleTable, clientId, body));
  });
}
