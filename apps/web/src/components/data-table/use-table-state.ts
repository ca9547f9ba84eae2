import { searchDebounceMs } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import type { TableDefaults, TablePageRequest } from './types';

/**
 * What the user chose in a table: page, page size, sort and search. The search box's text reaches the
 * request 1000 ms after the last keystroke (the product's constants and limits), or at once on Enter; a new search, sort or page
 * size starts again at page 1.
 */
export function useTableState<Column extends string>(defaults: TableDefaults<Column>) {
  const [request, setRequest] = useState<TablePageRequest<Column>>(() => ({
    sortBy: defaults.sortBy,
    descending: defaults.descending,
    page: 1,
    rowsPerPage: defaults.rowsPerPage,
    search: '',
  }));
  const [searchText, setSearchText] = useState('');
  const term = searchText.trim();

  useEffect(() => {
    if (term === request.search) return;
    const timer = setTimeout(() => setRequest((r) => ({ ...r, search: term, page: 1 })), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [term, request.search]);

  const searchNow = useCallback(
    () => setRequest((r) => (r.search === term ? r : { ...r, search: term, page: 1 })),
    [term],
  );
  const setPage = useCallback((page: number) => setRequest((r) => ({ ...r, page })), []);
  const setRowsPerPage = useCallback(
    (rowsPerPage: number) => setRequest((r) => ({ ...r, rowsPerPage, page: 1 })),
    [],
  );
  const setSort = useCallback(
    (sortBy: Column, descending: boolean) => setRequest((r) => ({ ...r, sortBy, descending, page: 1 })),
    [],
  );
  /** A header click: the sorted column turns around, another column sorts ascending. */
  const toggleSort = useCallback(
    (sortBy: Column) =>
      setRequest((r) => ({ ...r, sortBy, descending: r.sortBy === sortBy ? !r.descending : false, page: 1 })),
    [],
  );

  return { request, searchText, setSearchText, searchNow, setPage, setRowsPerPage, setSort, toggleSort };
}
