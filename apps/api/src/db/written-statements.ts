import pg from 'pg';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

const { builtins } = pg.types;

/**
 * PostgreSQL's types that drizzle's `execute` hands on as PostgreSQL's text instead of node-postgres' parse: times,
 * dates and intervals, and arrays of those and of numerics. A written statement's rows hold the same values as the
 * rows of `db.execute` (drizzle-orm's node-postgres session sets this for a statement without drizzle's own columns).
 */
const textAsSent = new Set<number>([builtins.TIMESTAMPTZ, builtins.TIMESTAMP, builtins.DATE, builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const asExecuteReads: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (textAsSent.has(oid) ? asText : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig['getTypeParser'],
};

const dialect = new PgDialect();

/** A statement's text and parameters as drizzle writes them, written once: what varies per call is a `sql.placeholder`. */
export interface WrittenStatement {
  readonly text: string;
  readonly params: readonly unknown[];
}

/**
 * Writes `statement` once, to be run again and again with `runWritten`. Building and writing a table page's
 * statement walks drizzle's tree of its parts: 12–22 µs of CPU per call, about as much as the page's shaping and
 * JSON (decision 0103), where most calls ask the same few statements with other values.
 */
export function writeOnce(statement: SQL): WrittenStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}

/**
 * Runs a written statement with the `values` of its placeholders on what `db` queries (the pool, a door's
 * transaction, a customer's read): its rows as `db.execute` gives them, and a statement marked `keptPrepared` kept
 * as there. Without drizzle's execution around it, a failure is node-postgres' error itself, not wrapped in a cause.
 */
export function runWritten<R extends pg.QueryResultRow>(db: Db, statement: WrittenStatement, values: Record<string, unknown>): Promise<pg.QueryResult<R>> {
  const client = (db as unknown as { $client: Pick<pg.ClientBase, 'query'> }).$client;
  return client.query<R>({ text: statement.text, types: asExecuteReads }, fillPlaceholders(statement.params as unknown[], values));
}
