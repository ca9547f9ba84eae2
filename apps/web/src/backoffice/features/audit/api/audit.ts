import { backofficeAuditCalls as calls, type AuditColumn, type AuditFilters, type AuditRow, type TableResponse } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { staffCall, staffDownload } from '../../../lib/staff-api';
import { backofficeKey } from '../../../lib/staff-query';

/** Only the filters that are set, as the calls take them. */
export function setFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== '')) as AuditFilters;
}

/** The audit table's page factory under the filters chosen. */
export const auditTableQueryOptions = (filters: AuditFilters) => (request: TablePageRequest<AuditColumn>) =>
  queryOptions({
    queryKey: [...backofficeKey, 'audit', filters, request] as const,
    queryFn: ({ signal }): Promise<TableResponse<AuditRow>> =>
      staffCall(calls.getTable, { body: { ...request, ...setFilters(filters) }, signal }),
  });

/** The filtered trail as a CSV file. */
export function downloadAuditCsv(filters: AuditFilters, signal?: AbortSignal): Promise<File> {
  const query = new URLSearchParams(setFilters(filters) as Record<string, string>).toString();
  return staffDownload(query ? `${calls.export.path}?${query}` : calls.export.path, signal);
}
