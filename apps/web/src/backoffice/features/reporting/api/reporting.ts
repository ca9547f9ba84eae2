import { backofficeReportingCalls as calls, type ReportFigure, type ReportQuery } from '@portal/contract';
import { staffCall, staffQueryOptions } from '../../../lib/staff-api';

/** The period as the calls take it: only the ends that are chosen (none: the server's default period). */
const periodOf = (period: ReportQuery): ReportQuery => ({ ...(period.from ? { from: period.from } : {}), ...(period.until ? { until: period.until } : {}) });

export const reportQueryOptions = (period: ReportQuery) => staffQueryOptions(['reporting', periodOf(period)], calls.get, { query: periodOf(period) });

/** One figure as a CSV file: straight through the transport, as a file to save is neither cached nor a change. */
export const downloadFigureCsv = (figure: ReportFigure, period: ReportQuery) => staffCall(calls.export, { query: { figure, ...periodOf(period) } });
