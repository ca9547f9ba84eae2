import { accessLogCalls, type AccessLogFilters, type AccessLogRow, type TableResponse } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';
import { callQueryOptions } from '@/lib/call-query';

export const accessLogKey = ['access-log'] as const;

/** Whether this session may read the log (an administrator, logged in with two-factor login). */
export const getAccessLogAccessQueryOptions = () => callQueryOptions([...accessLogKey, 'access'], accessLogCalls.getAccess);

/** The page factory of the log's table, with the filters the screen has applied. */
export const getAccessLogTableQueryOptions = (filters: AccessLogFilters) => (request: TablePageRequest<'at'>) =>
  queryOptions({
    queryKey: [...accessLogKey, 'table', filters, request] as const,
    queryFn: ({ signal }): Promise<TableResponse<AccessLogRow>> =>
      callApi(accessLogCalls.getAccessLogTable, { body: { ...request, search: null, ...filters }, signal }),
  });
