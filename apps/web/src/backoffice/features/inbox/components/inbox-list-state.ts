import { allowedRowsPerPage, inboxTableColumns, inboxTableDefaults, type InboxTableColumn, type InboxTableRequest } from '@portal/contract';
import { useCallback, useMemo, type SetStateAction } from 'react';
import type { TablePageRequest } from '@/components/data-table/types';
import { useAddressParams } from '@/components/filters/use-url-filters';
import type { KeptTableRequest } from '@/components/data-table/use-table-state';
import { filtersOfAddress } from './use-inbox-filters';

/**
 * The inbox's page, sort and search kept in the address beside its filters (issue 30.5): a named view is the
 * address's parameters, and an item opened from the list finds its neighbours in the list as it was sorted.
 */

type InboxPageRequest = TablePageRequest<InboxTableColumn>;

const defaults: InboxPageRequest = { ...inboxTableDefaults, page: 1, search: '' };

/** The parameters the table keeps: each left out of the address at its default. */
const names = { sortBy: 'sort', descending: 'order', page: 'page', rowsPerPage: 'size', search: 'q' } as const;

/** The table's request an address holds; anything it holds wrongly reads as the default. */
export function pageRequestOf(params: URLSearchParams): InboxPageRequest {
  const sort = params.get(names.sortBy);
  const sortBy = (inboxTableColumns as readonly string[]).includes(sort ?? '') ? (sort as InboxTableColumn) : defaults.sortBy;
  const order = params.get(names.descending);
  const page = Number(params.get(names.page));
  const size = Number(params.get(names.rowsPerPage));
  return {
    sortBy,
    // A column chosen without an order sorts ascending, as a click on its header does.
    descending: order === 'desc' ? true : order === 'asc' ? false : sort === null ? defaults.descending : false,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    rowsPerPage: (allowedRowsPerPage as readonly number[]).includes(size) ? size : defaults.rowsPerPage,
    search: (params.get(names.search) ?? '').trim().slice(0, 200),
  };
}

function writeRequest(params: URLSearchParams, request: InboxPageRequest): URLSearchParams {
  const next = new URLSearchParams(params);
  const atDefaultSort = request.sortBy === defaults.sortBy && request.descending === defaults.descending;
  const values: Record<keyof typeof names, string> = {
    sortBy: atDefaultSort ? '' : request.sortBy,
    descending: atDefaultSort ? '' : request.descending ? 'desc' : 'asc',
    page: request.page === 1 ? '' : String(request.page),
    rowsPerPage: request.rowsPerPage === defaults.rowsPerPage ? '' : String(request.rowsPerPage),
    search: request.search,
  };
  for (const [key, name] of Object.entries(names) as [keyof typeof names, string][]) {
    if (values[key]) next.set(name, values[key]);
    else next.delete(name);
  }
  return next;
}

/** The inbox's whole table request (filters, sort, search, page) an address holds: '?status=all&sort=dueAt'. */
export function listRequestOf(search: string): InboxTableRequest {
  const params = new URLSearchParams(search);
  return { ...filtersOfAddress(params), ...pageRequestOf(params) };
}

/** The table's request as the address keeps it, for the DataTable's `kept`. */
export function useAddressTableRequest(): KeptTableRequest<InboxTableColumn> {
  const [params, updateParams] = useAddressParams();
  const request = useMemo(() => pageRequestOf(params), [params]);
  const setRequest = useCallback(
    (update: SetStateAction<InboxPageRequest>) =>
      updateParams((previous) => writeRequest(previous, typeof update === 'function' ? update(pageRequestOf(previous)) : update)),
    [updateParams],
  );
  return useMemo(() => ({ request, setRequest }), [request, setRequest]);
}
