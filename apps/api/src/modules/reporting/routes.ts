import { backofficeReportingCalls as calls } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { ReportingService } from './reporting.service.js';

/**
 * Rapportage (issue 30.8, /beheer/rapportage): the inbox's figures over a period, for every role; Kwaliteit's
 * count the imperfection reports only.
 */
export const registerReporting: BackofficeModule = (door, deps) => {
  const service = new ReportingService(deps.clock);
  door.call(calls.get, ({ query, ...work }) => service.read(work, query));
  door.call(calls.export, ({ query, ...work }) => service.export(work, query));
};
