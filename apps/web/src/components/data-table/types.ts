import type { TableResponse } from '@portal/contract';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** One page as the DataTable asks for it: the contract's table request with every field filled in. */
export interface TablePageRequest<Column extends string> {
  sortBy: Column;
  descending: boolean;
  /** Counts from 1. */
  page: number;
  rowsPerPage: number;
  /** Trimmed; empty for no search. */
  search: string;
}

/** The query of one page, as a feature's `get…QueryOptions(request)` factory builds it for its table call. */
export type TablePageQuery<Row, Column extends string, Key extends QueryKey = QueryKey> = (
  request: TablePageRequest<Column>,
) => UseQueryOptions<TableResponse<Row>, Error, TableResponse<Row>, Key>;

export interface TableDefaults<Column extends string> {
  sortBy: Column;
  descending: boolean;
  rowsPerPage: number;
}

interface ColumnLayout {
  /** Dutch column header; also the label of the value in the stacked phone layout. */
  header: string;
  align?: 'left' | 'right';
  /** A width hint for the header cell, e.g. `'12rem'` or `120`. */
  width?: number | string;
  /** Keep the value on one line (dates, codes, amounts). */
  noWrap?: boolean;
  /** Shown only when the page's rows have something for it (e.g. a payment status the provider may not send). */
  showWhen?: (rows: readonly unknown[]) => boolean;
}

/** A column of the contract's table: sortable on the server by `field`. */
export interface DataColumn<Row, Column extends string> extends ColumnLayout {
  field: Column;
  /** What the cell shows; the row's `field` value as text when absent. */
  render?: (row: Row) => ReactNode;
}

/** A column of things to do with a row (e.g. downloads): not a field, not sortable. */
export interface ActionColumn<Row> extends ColumnLayout {
  id: string;
  render: (row: Row) => ReactNode;
  /** a value that cannot be sorted on (not things to do): on a phone it keeps its header beside it */
  value?: boolean;
}

export type DataTableColumn<Row, Column extends string> = DataColumn<Row, Column> | ActionColumn<Row>;

export function isDataColumn<Row, Column extends string>(
  column: DataTableColumn<Row, Column>,
): column is DataColumn<Row, Column> {
  return 'field' in column;
}

export function columnKey<Row, Column extends string>(column: DataTableColumn<Row, Column>): string {
  return isDataColumn(column) ? column.field : column.id;
}

export function cellContent<Row, Column extends string>(column: DataTableColumn<Row, Column>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[(column as DataColumn<Row, Column>).field];
  return value === null || value === undefined ? '' : String(value);
}
