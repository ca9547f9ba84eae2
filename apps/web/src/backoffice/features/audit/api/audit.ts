import { backofficeAuditCalls as calls, type AuditFilters } from '@portal/contract';
import { staffCall, staffTableQueryOptions } from '../../../lib/staff-api';

/** Only the filters that are set, as the calls take them. */
export function setFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== '')) as AuditFilters;
}

/** The audit table's page factory under the filters chosen. */
export const auditTableQueryOptions = (filters: AuditFilters) => staffTableQueryOptions(['audit', filters], calls.getTable, setFilters(filters));

/** The filtered trail as a CSV file: straight through the transport, as a file to save is neither cached nor a change. */
export const downloadAuditCsv = (filters: AuditFilters, signal?: AbortSignal) => staffCall(calls.export, { query: setFilters(filters), signal });
