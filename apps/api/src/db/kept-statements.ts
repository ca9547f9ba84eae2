import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';

/** What starts the text of a statement kept prepared (`keptPrepared`). */
const PREPARED = '/* kept prepared */ ';

/** The most statements one connection keeps prepared; past it, statements are parsed and planned each time, as others. */
export const MAX_KEPT_PREPARED = 100;

/**
 * Marks a statement to be kept prepared on each connection that runs it (decision 0042): parsed once, and after
 * five runs PostgreSQL may plan it once for every customer (a generic plan), which for a short statement is most
 * of its cost. The one way this code keeps a statement, in a customer's read (`readAsTenant`) and in any door's
 * transaction alike. Only for statements whose text comes from code (a finite number of them) and whose best plan
 * does not depend on the customer: tables where every customer has at most a few hundred rows, a row by its key.
 */
export function keptPrepared(statement: SQL): SQL {
  return sql`${sql.raw(PREPARED)}${statement}`;
}

/** The names of the statements one connection keeps prepared, by their text. */
const namesOn = new WeakMap<pg.PoolClient, Map<string, string>>();

/**
 * `config` under the name the connection keeps it by when it is marked `keptPrepared` (node-postgres then parses it
 * once per connection); any other statement, or one past `MAX_KEPT_PREPARED`, as it is.
 */
export function namedOn(connection: pg.PoolClient, config: pg.QueryConfig): pg.QueryConfig {
  if (config.name !== undefined || !config.text.startsWith(PREPARED)) return config;
  let names = namesOn.get(connection);
  if (!names) {
    names = new Map();
    namesOn.set(connection, names);
  }
  let name = names.get(config.text);
  if (name === undefined) {
    if (names.size >= MAX_KEPT_PREPARED) return config;
    name = `portal_${createHash('sha256').update(config.text).digest('base64url').slice(0, 22)}`;
    names.set(config.text, name);
  }
  return { ...config, name };
}

/**
 * The connection as drizzle is given it in a door's transaction: the same client, whose statements marked
 * `keptPrepared` run under their kept names.
 */
export function keepingStatements(connection: pg.PoolClient): pg.PoolClient {
  const query = (config: pg.QueryConfig | string, values?: unknown[]) =>
    typeof config === 'string' ? connection.query(config, values) : connection.query(namedOn(connection, config), values);
  return Object.assign(Object.create(connection) as pg.PoolClient, { query });
}
