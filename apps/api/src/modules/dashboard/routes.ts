import type { FastifyInstance } from 'fastify';
import { dashboardCalls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { dashboardSummary } from './dashboard.service.js';

/** The dashboard's overview below the memos (issue 13); not a call of the spec. */
export function registerDashboardRoutes(app: FastifyInstance, deps: { clock: () => Date }) {
  registerCall(app, dashboardCalls.getSummary, (reading) => dashboardSummary(reading, deps.clock()), { tenant: 'reads' });
}
