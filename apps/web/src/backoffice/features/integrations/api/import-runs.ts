import { backofficeImportRunCalls as calls, backofficeWebhookCalls, type ImportRunFilters } from '@portal/contract';
import { staffCall, staffQueryOptions, staffTableQueryOptions } from '../../../lib/staff-api';

const runsKey = ['import-runs'] as const;

/** Only the filters that are set, as the call takes them. */
const setFilters = (filters: ImportRunFilters): ImportRunFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== '')) as ImportRunFilters;

export const importRunTableQueryOptions = (filters: ImportRunFilters) => staffTableQueryOptions([...runsKey, 'table', filters], calls.getTable, setFilters(filters));
export const importRunQueryOptions = (id: number) => staffQueryOptions([...runsKey, 'run', id], calls.get, { query: { Id: String(id) } });
export const rejectionTableQueryOptions = (runId: number) => staffTableQueryOptions([...runsKey, 'rejections', runId], calls.getRejections, { runId });
/** The integration clients, for the client filter: the webhooks' list of them, the one the back-office has. */
export const integrationClientsQueryOptions = staffQueryOptions(['integration-clients'], backofficeWebhookCalls.listClients);

/** Every rejected row of a run as a CSV file: straight through the transport, as a file to save is neither cached nor a change. */
export const downloadRejectionsCsv = (runId: number) => staffCall(calls.exportRejections, { query: { Id: String(runId) } });
