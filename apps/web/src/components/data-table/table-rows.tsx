import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { cellContent, columnKey, isDataColumn, type DataTableColumn } from './types';

export interface RowsLayoutProps<Row, Column extends string> {
  label: string;
  columns: readonly DataTableColumn<Row, Column>[];
  rows: readonly Row[];
  emptyText: string;
  /** Nothing to show yet: placeholders instead of rows. */
  firstLoad: boolean;
  busy: boolean;
  skeletonRows: number;
  rowKey?: (row: Row) => string;
}

interface TableRowsProps<Row, Column extends string> extends RowsLayoutProps<Row, Column> {
  sortBy: Column;
  descending: boolean;
  onSort: (column: Column) => void;
}

/** The rows as a table, with sortable column headers: from the `sm` breakpoint up. */
export function TableRows<Row, Column extends string>({
  label,
  columns,
  rows,
  emptyText,
  firstLoad,
  busy,
  skeletonRows,
  rowKey,
  sortBy,
  descending,
  onSort,
}: TableRowsProps<Row, Column>) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} aria-busy={busy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = isDataColumn(column) && column.field === sortBy;
              return (
                <TableCell
                  key={columnKey(column)}
                  align={column.align}
                  sortDirection={active ? (descending ? 'desc' : 'asc') : false}
                  sx={{ width: column.width, whiteSpace: 'nowrap', fontWeight: 500, bgcolor: 'grey.50' }}
                >
                  {isDataColumn(column) ? (
                    <TableSortLabel
                      active={active}
                      direction={active && descending ? 'desc' : 'asc'}
                      onClick={() => onSort(column.field)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {firstLoad ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              <TableRow key={index} aria-hidden>
                {columns.map((column) => (
                  <TableCell key={columnKey(column)}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={rowKey?.(row) ?? index} hover>
                {columns.map((column) => (
                  <TableCell
                    key={columnKey(column)}
                    align={column.align}
                    sx={{
                      whiteSpace: column.noWrap ? 'nowrap' : undefined,
                      fontVariantNumeric: column.align === 'right' ? 'tabular-nums' : undefined,
                    }}
                  >
                    {cellContent(column, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
