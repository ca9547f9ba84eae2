import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { feedback, pageSizeOptions, type CallDefinition, type TableResponse } from '@portal/contract';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { NativeSelectField } from '@/components/form/native-select-field';
import { PlainTextField } from '@/components/form/plain-text-field';
import { LoadFailed } from '@/components/load-failed';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatInteger } from '@/lib/format';
import { ExportButton } from './export-button';
import { StackedRows } from './stacked-rows';
import { TablePager } from './table-pager';
import { TableRows } from './table-rows';
import { isDataColumn, type DataTableColumn, type TableDefaults, type TablePageQuery } from './types';
import { useTableState, type KeptTableRequest } from './use-table-state';

export interface DataTableProps<Row, Column extends string, Key extends QueryKey> {
  /** The accessible name of the table, e.g. 'Producten'. */
  label: string;
  /** The feature's query factory of its table call: it owns the call and the query key. */
  query: TablePageQuery<Row, Column, Key>;
  columns: readonly DataTableColumn<Row, Column>[];
  /** Default sort and page size: the call's entry of the contract's `tableDefaults`. */
  defaults: TableDefaults<Column>;
  /** Shown when the table has no rows (the product's error catalogue); a function where it depends on the search. */
  emptyText: string | ((search: string) => string);
  /** A search box, searched on the server; off by default. */
  searchable?: boolean;
  /** Says under the search box what it searches. */
  searchHint?: string;
  /** A stable key of a row, for rows that hold state of their own (e.g. a download in progress). */
  rowKey?: (row: Row) => string;
  /** The table's Export call: a button that downloads every row with the table's search and sort. */
  exportCall?: CallDefinition;
  /** What the page's answer says besides its rows (the inbox: what a search found outside the filters), above them. */
  notice?: (page: TableResponse<Row>) => ReactNode;
  /** The page, sort and search as the screen keeps them (the inbox: in the address); else the table keeps them. */
  kept?: KeptTableRequest<Column>;
}

const sortValue = (field: string, descending: boolean) => `${field}:${descending ? 'desc' : 'asc'}`;

/**
 * The one table of the portal: server-side paging, sorting and search over a contract table call, the
 * page sizes of the product's constants and limits, its empty text, a warning with a retry when a page cannot be fetched, and
 * the previous page kept in view (dimmed, with a progress bar) while the next one loads. Below the `sm`
 * breakpoint the rows become stacked cards, with the sort as a select, so that it reads on a phone.
 *
 * Built on MUI's plain Table, not the X DataGrid: paging, sorting and search all happen on the server,
 * so nothing of the grid's client-side machinery (filtering, virtualisation, column menus) is needed, while
 * a real <table> gives screen readers their header-per-cell reading, keeps buttons in rows in the normal
 * tab order, allows the stacked phone layout, and costs a fraction of the grid's ~100 kB (gzip).
 */
export function DataTable<Row, Column extends string, Key extends QueryKey>({
  label,
  query,
  columns,
  defaults,
  emptyText,
  searchable = false,
  searchHint,
  rowKey,
  exportCall,
  notice,
  kept,
}: DataTableProps<Row, Column, Key>) {
  const { request, searchText, setSearchText, searchNow, setPage, setRowsPerPage, setSort, toggleSort } =
    useTableState(defaults, kept);
  const result = useQuery({ ...query(request), placeholderData: keepPreviousData });
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const topRef = useRef<HTMLDivElement>(null);

  const { data } = result;
  const total = data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / request.rowsPerPage));
  const firstLoad = result.isPending;
  const refreshing = result.isFetching && !firstLoad;

  // Rows can disappear while the user pages (a colleague, another tab): past the end, go to the last page.
  const pastTheEnd =
    data !== undefined && !result.isPlaceholderData && data.items.length === 0 && request.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);

  const changePage = (page: number) => {
    setPage(page);
    // After "next" at the bottom of a long page, the new page is read from its top.
    const top = topRef.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView?.({ block: 'start' });
  };

  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    searchNow();
  };

  // The empty text and the failure are on screen already; the live region only counts.
  const announcement = result.isFetching
    ? 'Gegevens laden…'
    : result.isError
      ? ''
      : total === 0
        ? 'Geen resultaten'
        : `${formatInteger(total)} ${total === 1 ? 'resultaat' : 'resultaten'}`;

  const sortable = columns.filter(isDataColumn);
  // The spec's sizes; a table whose default is another size (pharmacists: 30) offers that one as well.
  const rowsPerPageOptions = [...new Set<number>([...pageSizeOptions, defaults.rowsPerPage])].sort((a, b) => a - b);
  const rows = data?.items ?? [];
  const layoutProps = {
    label,
    columns: columns.filter((column) => !column.showWhen || column.showWhen(rows)),
    rows,
    emptyText: typeof emptyText === 'function' ? emptyText(request.search) : emptyText,
    firstLoad,
    busy: result.isFetching,
    rowKey,
    skeletonRows: Math.min(request.rowsPerPage, 8),
  };

  return (
    <Box ref={topRef} sx={{ scrollMarginTop: theme.spacing(10) }}>
      {(searchable || stacked || exportCall) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
          {searchable && (
            <Box
              component="form"
              role="search"
              noValidate
              onSubmit={onSearchSubmit}
              sx={{ flex: '1 1 16rem', maxWidth: { sm: '28rem' } }}
            >
              <PlainTextField
                type="search"
                label="Zoeken"
                size="small"
                margin="none"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                helperText={searchHint}
                autoComplete="off"
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Box>
          )}
          {stacked && sortable.length > 0 && (
            <NativeSelectField
              label="Sorteren op"
              size="small"
              margin="none"
              fullWidth={false}
              value={sortValue(request.sortBy, request.descending)}
              options={sortable.flatMap((column) => [
                { value: sortValue(column.field, false), label: `${column.header} (oplopend)` },
                { value: sortValue(column.field, true), label: `${column.header} (aflopend)` },
              ])}
              onChange={(value) => {
                const [field, direction] = value.split(':');
                setSort(field as Column, direction === 'desc');
              }}
              sx={{ flex: '1 1 12rem' }}
            />
          )}
          {exportCall && (
            <ExportButton
              call={exportCall}
              tableLabel={label}
              selection={{ search: request.search, sortBy: request.sortBy, descending: request.descending }}
            />
          )}
        </Box>
      )}

      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>

      {data && !result.isError && notice?.(data)}

      {result.isError ? (
        <LoadFailed
          severity="warning"
          message={feedback.tableLoadFailed}
          error={result.error}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
          {refreshing && (
            <LinearProgress
              aria-label="Gegevens laden"
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
            />
          )}
          <Box sx={{ opacity: refreshing ? 0.6 : 1, transition: theme.transitions.create('opacity') }}>
            {stacked ? (
              <StackedRows {...layoutProps} />
            ) : (
              <TableRows {...layoutProps} sortBy={request.sortBy} descending={request.descending} onSort={toggleSort} />
            )}
          </Box>
          {data && total > 0 && (
            <TablePager
              count={total}
              page={Math.min(request.page, lastPage) - 1}
              rowsPerPage={request.rowsPerPage}
              onPageChange={(page) => changePage(page + 1)}
              rowsPerPageChoice={{ options: rowsPerPageOptions, onChange: setRowsPerPage }}
            />
          )}
        </Paper>
      )}
    </Box>
  );
}
