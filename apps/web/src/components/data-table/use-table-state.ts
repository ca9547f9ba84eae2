import { searchDebounceMs } from '@portal/contract';
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { TableDefaults, TablePageRequest } from './types';

/** A table's request kept by its screen (in the address, say) instead of by the table itself. */
export interface KeptTableRequest<Column extends string> {
  request: TablePageRequest<Column>;
  setRequest: Dispatch<SetStateAction<TablePageRequest<Column>>>;
}

/**
 * What the user chose in a table: page, page size, sort and search. The search box's text reaches the
 * request 1000 ms after the last keystroke (the product's constants and limits), or at once on Enter; a new search, sort or page
 * size starts again at page 1.
 */
export function useTableState<Column extends string>(defaults: TableDefaults<Column>, kept?: KeptTableRequest<Column>) {
  const [own, setOwn] = useState<TablePageRequest<Column>>(() => ({
    sortBy: defaults.sortBy,
    descending: defaults.descending,
    page: 1,
    rowsPerPage: defaults.rowsPerPage,
    search: '',
  }));
  const request = kept?.request ?? own;
  const setRequest = kept?.setRequest ?? setOwn;
  const [searchText, setSearchText] = useState(request.search);
  const term = searchText.trim();

  // A search set from outside the box (a kept request: a saved view, the address) shows in it.
  useEffect(() => {
    setSearchText((text) => (text.trim() === request.search ? text : request.search));
  }, [request.search]);

  useEffect(() => {
    if (term === request.search) return;
    const timer = setTimeout(() => setRequest((r) => ({ ...r, search: term, page: 1 })), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [term, request.search, setRequest]);

  const searchNow = useCallback(
    () => setRequest((r) => (r.search === term ? r : { ...r, search: term, page: 1 })),
    [term, setRequest],
  );
  const setPage = useCallback((page: number) => setRequest((r) => ({ ...r, page })), [setRequest]);
  const setRowsPerPage = useCallback(
    (rowsPerPage: number) => setRequest((r) => ({ ...r, rowsPerPage, page: 1 })),
    [setRequest],
  );
  const setSort = useCallback(
    (sortBy: Column, descending: boolean) => setRequest((r) => ({ ...r, sortBy, descending, page: 1 })),
    [setRequest],
  );
  /** A header click: the sorted column turns around, another column sorts ascending. */
  const toggleSort = useCallback(
    (sortBy: Column) =>
      setRequest((r) => ({ ...r, sortBy, descending: r.sortBy === sortBy ? !r.descending : false, page: 1 })),
    [setRequest],
  );

  return { request, searchText, setSearchText, searchNow, setPage, setRowsPerPage, setSort, toggleSort };
}
