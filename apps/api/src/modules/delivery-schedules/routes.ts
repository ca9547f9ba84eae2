import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { deliveryScheduleTable } from './delivery-schedules.table.js';

export function registerDeliveryScheduleRoutes(app: FastifyInstance) {
  registerCall(app, calls.deliverySchedule.getOrderFulfillmentSchedulesTable, ({ body, tx, claims }) => queryTable(tx, deliveryScheduleTable, claims.clientId, body), { tenant: 'reads' });
}
