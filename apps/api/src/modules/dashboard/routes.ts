import { dashboardCalls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { dashboardSummary } from './dashboard.service.js';

/** The dashboard's overview below the memos (issue 13); not a call of the spec. */
export function registerDashboardRoutes(portal: PortalDoor, deps: { clock: () => Date }) {
  portal.read(dashboardCalls.getSummary, (reading) => dashboardSummary(reading, deps.clock()));
}
