import { accessLogCalls, type AccessLogFilters } from '@portal/contract';
import { callQueryOptions, tableQueryOptions } from '@/lib/call-query';

export const accessLogKey = ['access-log'] as const;

/** Whether this session may read the log (an administrator, logged in with two-factor login). */
export const getAccessLogAccessQueryOptions = () => callQueryOptions([...accessLogKey, 'access'], accessLogCalls.getAccess);

/** The page factory of the log's table, with the filters the screen has applied (the log has no search box). */
export const getAccessLogTableQueryOptions = (filters: AccessLogFilters) =>
  tableQueryOptions([...accessLogKey, 'table', filters], accessLogCalls.getAccessLogTable, { search: null, ...filters });
