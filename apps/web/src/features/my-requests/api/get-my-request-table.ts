import { myRequestCalls, myRequestTableDefaults } from '@portal/contract';
import type { TablePageRequest } from '@/components/data-table/types';
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
