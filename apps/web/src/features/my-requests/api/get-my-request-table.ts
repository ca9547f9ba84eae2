import { myRequestCalls, myRequestTableDefaults } from '@portal/contract';
import type { TablePageRequest } from '@/components/data-table/types';
import { ApiError, UnexpectedResponseError } from '@/lib/api-client';
import { tableQueryOptions } from '@/lib/call-query';

export const myRequestTableKey = ['my-requests', 'table'] as const;

export const getMyRequestTableQueryOptions = tableQueryOptions(myRequestTableKey, myRequestCalls.getMyRequestTable);

/** The page the table asks first: its answer tells whether the server has the call at all. */
export const firstMyRequestPage: TablePageRequest<(typeof myRequestTableDefaults)['sortBy']> = {
  sortBy: myRequestTableDefaults.sortBy,
  descending: myRequestTableDefaults.descending,
  page: 1,
  rowsPerPage: myRequestTableDefaults.rowsPerPage,
  search: '',
};

/** A server of the spec's API alone has no such call (it is ours): the screen says so instead of failing. */
export const callMissing = (error: unknown) =>
  (error instanceof ApiError && [404, 405, 501].includes(error.status)) || error instanceof UnexpectedResponseError;
