import { sql, type SQL } from 'drizzle-orm';
import type { TableRequest, TableResponse } from '@portal/contract';
import type { Db } from '../db/database.js';
import { keptPrepared } from '../db/kept-statements.js';
import type { Tx } from '../db/tenancy.js';
import { runWritten, writeOnce, type WrittenStatement } from '../db/written-statements.js';

/**
 * One table of the portal as the server pages, sorts and searches it. Every table call goes through
 * `queryTable`; a table only says where its rows come from and what its columns are.
 */
export interface TableDefinition<Col extends string, Row> {
  /** Sort expression per column the contract allows in `sortBy`. */
  sortColumns: Record<Col, SQL>;
  /** The spec's default sort and page size, as the contract's tableDefaults state them. */
  defaults: { readonly sortBy: Col; readonly descending: boolean; readonly rowsPerPage: number };
  /** A unique key appended to every sort, so that pages never overlap or skip rows. */
  tieBreaker: SQL;
  /** `from … join …` */
  from: SQL;
  /** The customer's own rows (row-level security checks this again). */
  ownRows: (customerId: string) => SQL;
  /**
   * A condition matching the search: `pattern` is the folded (lower-case, accent-free) term as a `like`
   * pattern; `term` is the folded term itself, for columns that show a label of a stored code (a status, a
   * weekday), so that the term can be turned into the matching codes and the condition stays indexable.
   */
  search: (pattern: string, term: string) => SQL;
  /** The select list. */
  select: SQL;
  toRow: (raw: Record<string, unknown>) => Row;
  /**
   * Every customer has at most a few hundred rows of this table (monthly invoices, weekly agreements per
   * department), so one plan serves them all: its statements are kept prepared on each connection that reads them
   * (`keptPrepared`, decision 0037), but for a long page ordered through a join (`KEPT_PAGE_ROWS`, 0038). Not for tables whose
   * customers differ by orders of magnitude (packing orders, the assortment), where the plan is the customer's.
   */
  fewRowsPerCustomer?: boolean;
  /**
   * The rows' own table without the joins of `from` (`packing_orders po`), where each row of `from` is exactly
   * one row of it and the joins only add columns (a reference that always exists). A count without a search
   * is then read from this table's index alone, and a page sorted on one of `sortColumns` (columns of this
   * table) finds its keys on an index of it alone before joining the rest for its few rows: the deferred join
   * of decision 0032. Without it, or for a search or another sort, the page is read from `from`.
   */
  ownTable?: {
    from: SQL;
    sortColumns: readonly Col[];
    /**
     * The search names only this table's columns (a joined column through a sub-select of its keys), so a
     * searched count reads this table alone too, and a searched page sorted on its columns is a deferred join.
     */
    searchesOwn?: boolean;
    /**
     * The table's name in `row_counts`, where triggers keep each customer's number of rows exact (decision
     * 0036): a customer's page without a search reads its total there instead of counting its rows.
     */
    keptCount?: 'packing_orders' | 'assortment_items';
  };
}

/**
 * Where the rows of a table come from whose every row belongs to one of the customer's facilities (departments):
 * `table` under `alias`, joined to its facility as `f`, the customer's own rows, and its id as the tie breaker.
 */
export function departmentRows<Col extends string>(
  table: string,
  alias: string,
  ownSortColumns: readonly Col[],
  options: Pick<NonNullable<TableDefinition<Col, never>['ownTable']>, 'searchesOwn' | 'keptCount'> = {},
): Pick<TableDefinition<Col, never>, 'tieBreaker' | 'from' | 'ownRows' | 'ownTable'> {
  const row = sql.identifier(alias);
  return {
    tieBreaker: sql`${row}.id`,
    from: sql`${sql.identifier(table)} ${row} join facilities f on f.client_id = ${row}.client_id and f.id = ${row}.facility_id`,
    ownRows: (customerId) => sql`${row}.client_id = ${customerId}`,
    ownTable: { from: sql`${sql.identifier(table)} ${row}`, sortColumns: ownSortColumns, ...options },
  };
}

/**
 * `table` reading besides each row the patients it names (`patientIds`, an int[] expression over its `from`), for
 * the audit row of the call that shows or exports the rows (NEN 7513: which patients' data went out): `patients`
 * gathers their ids as the rows are made. One per call: the set is that call's.
 */
export function readingPatients<Col extends string, Row>(table: TableDefinition<Col, Row>, patientIds: SQL) {
  const patients = new Set<number>();
  const read: TableDefinition<Col, Row> = {
    ...table,
    select: sql`${table.select}, ${patientIds} as row_patient_ids`,
    toRow: (raw) => {
      for (const id of (raw.row_patient_ids as (number | null)[] | null) ?? []) if (id !== null) patients.add(Number(id));
      return table.toRow(raw);
    },
  };
  return { table: read, patients };
}

/** Lower case without accents: what `portal_fold()` does in PostgreSQL. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** `%term%` for `like`, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${fold(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A customer's table: its own rows (`ownRows`), paged, sorted and searched as the request asks. */
export function queryTable<Col extends string, Row>(
  tx: Tx,
  table: TableDefinition<Col, Row>,
  customerId: string,
  request: TableRequest<Col>,
): Promise<TableResponse<Row>> {
  const written = writtenPage(table, request);
  if (!written) return runTable(table, (statement) => tx.execute(tableStatements(table, table.ownRows(customerId), request, customerId)[statement]));
  const { rowsPerPage, offset } = paging(table, request);
  const values = { customer: customerId, rowsPerPage, offset };
  return runTable(table, (statement) => runWritten(tx, written[statement], values));
}

/** The values a page's statements are written with once, as placeholders: the customer, the page's size and start. */
const placeholders = { customer: sql.placeholder('customer'), rowsPerPage: sql.placeholder('rowsPerPage'), offset: sql.placeholder('offset') };

/** Each table's statements of a page without a search, written once per sort, direction and kind of page plan. */
const writtenPages = new WeakMap<object, Map<string, Record<'count' | 'pageWithTotal', WrittenStatement>>>();

/**
 * The statements of a customer's page without a search, written once per table and shape (decision 0103): only
 * the customer, the page size and the offset vary between calls of one shape, and they are parameters. A search
 * shapes its statement by its term (the statuses or weekdays it names), so it is written each time.
 */
function writtenPage<Col extends string, Row>(table: TableDefinition<Col, Row>, request: TableRequest<Col>) {
  const { column, descending, searched } = sorting(table, request);
  if (searched || !Object.hasOwn(table.sortColumns, column)) return null;
  const long = paging(table, request).rowsPerPage > KEPT_PAGE_ROWS;
  const shape = `${column} ${descending} ${long}`;
  let shapes = writtenPages.get(table);
  if (!shapes) writtenPages.set(table, (shapes = new Map()));
  let written = shapes.get(shape);
  if (!written) {
    const customer = placeholders.customer as unknown as string;
    const statements = pageStatements(table, table.ownRows(customer), { sortBy: column, descending }, customer, { ...placeholders, long });
    written = { count: writeOnce(statements.count), pageWithTotal: writeOnce(statements.pageWithTotal) };
    shapes.set(shape, written);
  }
  return written;
}

/** A table whose rows are not one customer's: `scope` says which rows it shows. */
export type ScopedTableDefinition<Col extends string, Row> = Omit<TableDefinition<Col, Row>, 'ownRows'>;

/**
 * The rows `scope` selects, paged, sorted and searched like every table: for a door that reads across
 * customers under policies of its own (the back-office's inbox), where no single customer owns the rows.
 */
export async function queryRows<Col extends string, Row>(
  db: Db,
  table: ScopedTableDefinition<Col, Row>,
  scope: SQL,
  request: TableRequest<Col>,
): Promise<TableResponse<Row>> {
  return runTable(table, (statement) => db.execute(tableStatements(table, scope, request)[statement]));
}

/**
 * One round trip for a page and its total: the page's statement carries the count as a scalar sub-query (planned
 * once, as an init plan, and sent back on every row). Only a page without rows (an empty table, a page past the
 * last) asks the count on its own. Every round trip is a write to PostgreSQL's socket and a wake-up on both sides,
 * the largest cost a table call has besides its SQL (issue 15, decision 0036).
 */
async function runTable<Row>(
  table: { toRow: (raw: Record<string, unknown>) => Row },
  run: (statement: 'pageWithTotal' | 'count') => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<TableResponse<Row>> {
  const { rows } = await run('pageWithTotal');
  const first = rows[0];
  const total = first ? first.table_total : (await run('count')).rows[0]?.total;
  return { total: Number(total ?? 0), items: rows.map((raw) => table.toRow(raw)) };
}

export interface TableStatements {
  /** how many rows match */
  count: SQL;
  /** the page's rows */
  page: SQL;
  /** the page's rows, each with the count as `table_total` */
  pageWithTotal: SQL;
}

/**
 * The longest page of a `fewRowsPerCustomer` table that stays prepared whatever its order. After five runs a kept
 * statement may run on one generic plan, made for a customer of average size (a few rows). A short page stops early
 * in it and gains, and so do a search (few rows) and a sort on the table's own columns; but the calendar's default
 * page (100 rows, by department name: every agreement of the largest customer) in that plan compared every
 * agreement with every department, several times slower than a plan made for that customer (the figures are in
 * docs/benchmarks.md). A longer page without a search, sorted on a column that is not one of its
 * `ownTable.sortColumns` (for the invoices, which name none, any longer page), is planned for its customer
 * (decision 0042).
 */
export const KEPT_PAGE_ROWS = 20;

/**
 * The statements of a table page: how many rows match, and the page's rows (decision 0032 has their plans).
 * `customer`: the one customer `scope` selects, for a kept count (decision 0036).
 */
export function tableStatements<Col extends string, Row>(
  table: ScopedTableDefinition<Col, Row>,
  scope: SQL,
  request: TableRequest<Col>,
  customer?: string,
): TableStatements {
  const { rowsPerPage, offset } = paging(table, request);
  return pageStatements(table, scope, request, customer, { rowsPerPage, offset, long: rowsPerPage > KEPT_PAGE_ROWS });
}

/** The page's size and how many rows come before it. */
function paging<Col extends string, Row>(table: ScopedTableDefinition<Col, Row>, request: Pick<TableRequest<Col>, 'page' | 'rowsPerPage'>) {
  const rowsPerPage = request.rowsPerPage ?? table.defaults.rowsPerPage;
  return { rowsPerPage, offset: ((request.page ?? 1) - 1) * rowsPerPage };
}

/**
 * `tableStatements` with the page's size and start as given: numbers, or placeholders of a statement written once.
 * `long`: the page holds more than KEPT_PAGE_ROWS rows.
 */
function pageStatements<Col extends string, Row>(
  table: ScopedTableDefinition<Col, Row>,
  scope: SQL,
  request: Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'>,
  customer: string | undefined,
  { rowsPerPage, offset, long }: { rowsPerPage: unknown; offset: unknown; long: boolean },
): TableStatements {
  const { where, orderBy, column, searched } = tableSelection(table, scope, request);
  const own = searched && !table.ownTable?.searchesOwn ? undefined : table.ownTable;
  const kept = !searched && customer !== undefined ? table.ownTable?.keptCount : undefined;
  const count = kept
    ? // No row yet: the customer never had one.
      sql`select coalesce((select total from row_counts where client_id = ${customer} and table_name = ${kept}), 0)::int as total`
    : sql`select count(*)::int as total from ${own?.from ?? table.from} where ${where}`;
  const page = (columns: SQL) =>
    own?.sortColumns.includes(column)
      ? // The page's keys from the own table's sort index alone (no row is read for the rows skipped), then
        // those few rows joined; sorted again, as the join may return them in any order. The keys met the search
        // already: asking it again of the page's rows would only mislead the plan (decision 0035).
        sql`
        select ${columns} from ${table.from}
          join (select ${table.tieBreaker} as page_key from ${own.from} where ${where} ${orderBy}
                limit ${rowsPerPage} offset ${offset}) page on page.page_key = ${table.tieBreaker}
        where ${scope} ${orderBy}`
      : sql`
        select ${columns} from ${table.from} where ${where} ${orderBy}
        limit ${rowsPerPage} offset ${offset}`;
  // The generic plan misjudges only a long page of all the customer's rows ordered through a join (see KEPT_PAGE_ROWS).
  const plannedForCustomer = !searched && long && !table.ownTable?.sortColumns.includes(column);
  const prepared = (statement: SQL) => (table.fewRowsPerCustomer && !plannedForCustomer ? keptPrepared(statement) : statement);
  return {
    count: prepared(count),
    page: prepared(page(table.select)),
    // The count names its tables again under the same aliases: a sub-query of its own, not correlated.
    pageWithTotal: prepared(page(sql`${table.select}, (${count}) as table_total`)),
  };
}

/**
 * The rows a table request selects and their order, without the page: what a page and an export of the table
 * share, so that a file holds exactly the rows the table shows, in its order.
 */
export function tableSelection<Col extends string, Row>(
  table: ScopedTableDefinition<Col, Row>,
  scope: SQL,
  request: Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'>,
): { where: SQL; orderBy: SQL; column: Col; searched: boolean } {
  const { column, descending, term } = sorting(table, request);
  const where = term ? sql`(${scope}) and (${table.search(containsPattern(term), fold(term))})` : scope;
  const direction = descending ? sql.raw('desc') : sql.raw('asc');
  const nulls = descending ? sql.raw('nulls last') : sql.raw('nulls first');
  return {
    where,
    orderBy: sql`order by ${table.sortColumns[column]} ${direction} ${nulls}, ${table.tieBreaker} ${direction}`,
    column,
    searched: Boolean(term),
  };
}

/** The column and direction a request sorts by, and its search term (trimmed; empty: none). */
function sorting<Col extends string>(
  table: { defaults: ScopedTableDefinition<Col, never>['defaults'] },
  request: Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'>,
) {
  const column = request.sortBy ?? table.defaults.sortBy;
  const descending = request.sortBy ? (request.descending ?? false) : (request.descending ?? table.defaults.descending);
  const term = request.search?.trim();
  return { column, descending, term, searched: Boolean(term) };
}
