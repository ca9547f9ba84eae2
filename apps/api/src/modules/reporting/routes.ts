import { backofficeReportingCalls as calls } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { ReportingService } from './reporting.service.js';

/**
 * Rapportage (issue 30.8, /beheer/rapportage): the inbox's figures over a period, for every role; Kwaliteit's
 * count the imperfection reports only.
 */
export const registerReporting: BackofficeModule = (door, deps) => {
  const service = new ReportingService(deps.clock);
  // Read on the read pool (a streaming replica with DATABASE_READ_URL, decision 0093).
  door.report(calls.get, ({ query, ...reading }) => service.read(reading, query));
  door.report(calls.export, ({ query, ...reading }) => service.export(reading, query));
};
