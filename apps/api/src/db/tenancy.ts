import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './database.js';
import * as schema from './schema.js';
import { withConnection } from './connection.js';
import { keepingStatements, namedOn } from './kept-statements.js';

const tenant = Symbol('tenant');

/**
 * What the services query with inside `withTenant`: a drizzle database bound to one connection, in a transaction
 * that row-level security confines to one customer. Branded with that customer's id, so that a function taking a
 * `Tx` refuses the bare pool at compile time: a tenant query can only run inside a tenant transaction.
 */
export type Tx = Db & { readonly [tenant]: string };

/** Whether `db` is a tenant transaction (and not the pool or an owner's transaction). */
export function isTenantTx(db: Db): db is Tx {
  return tenant in db;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const onConnection = new WeakMap<pg.PoolClient, Db>();

/**
 * The drizzle database of one pooled connection, marked for one transaction with `brand` (the door and, for a
 * customer, who). Made once per connection and kept while the pool keeps the connection: making it reads the
 * relations of the whole schema, about a quarter of a millisecond that every request paid (issue 15). Each
 * transaction gets an object of its own whose prototype is that database, so a brand never outlives its transaction.
 */
export function connectionDb<B extends object>(client: pg.PoolClient, brand: B): Db & B {
  let db = onConnection.get(client);
  if (!db) {
    db = drizzle(keepingStatements(client), { schema });
    onConnection.set(client, db);
  }
  return Object.assign(Object.create(db) as Db, brand);
}

/**
 * Runs `fn` on one pooled connection in one transaction opened by `begin` (BEGIN and its settings as one
 * statement string): committed when `fn` resolves, rolled back when it throws. The way in for every transaction
 * whose settings decide what it may see: a customer's (withTenant), the integration door's (withIntegration) and
 * the back office's (withStaff).
 *
 * `begin` is written without waiting for its answer: the app pool pipelines (decision 0037), so it travels with
 * `fn`'s first statement in one round trip, and its outcome is awaited before the commit. Should it fail, the
 * statements behind it fail too (an aborted transaction, or no customer setting, which row-level security answers
 * with no rows), and its own error is the one thrown.
 */
export async function inTransaction<T>(db: Db, begin: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withConnection(poolOf(db), async (client, broke) => {
    const begun = client.query(begin).then(
      () => null,
      (error: unknown) => error,
    );
    try {
      const result = await fn(client);
      const failed = await begun;
      if (failed) throw failed;
      await client.query('commit');
      return result;
    } catch (error) {
      const failed = await begun;
      await client.query('rollback').catch(broke);
      throw failed ?? error;
    }
  });
}

/** Whether `db` is the pool itself, not a transaction of any door (a customer's, the staff's, the integration's). */
export function isPooled(db: object): db is Db {
  return (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
}

function poolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('a transaction needs the pooled database, not a transaction');
  return pool;
}

/**
 * Runs `fn` in one transaction in which PostgreSQL's row-level security shows only the rows of `customerId`.
 * Queries inside should still filter by customer: the policy is the second line of defence.
 * BEGIN and the customer setting travel in one round trip (the id is checked to be a UUID first).
 */
export async function withTenant<T>(db: Db, customerId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tenantTransaction(db, customerId, 'begin', fn);
}

/**
 * `withTenant` for what only reads at length (an export's cursor, the access log): one read-only transaction, the
 * same setting and row-level security, on the pool given, which may be a streaming replica's (decision 0093).
 */
export async function readOnlyTenant<T>(db: Db, customerId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tenantTransaction(db, customerId, 'begin read only', fn);
}

function tenantTransaction<T>(db: Db, customerId: string, begin: 'begin' | 'begin read only', fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(customerId)) throw new Error('withTenant: customer id is not a UUID');
  return inTransaction(db, `${begin}; select set_config('app.client_id', '${customerId}', true)`, (client) => fn(connectionDb(client, { [tenant]: customerId })));
}

/**
 * A connection's stand-in for drizzle in `readAsTenant`: every statement is written between a BEGIN READ ONLY
 * with the customer's setting and a COMMIT, the three at once (one round trip on the pipelining pool, decision
 * 0037), and answers when all three have. A statement marked `keptPrepared` runs under a name of its text, so
 * node-postgres parses it once per connection. Outside its `readAsTenant` it refuses to run anything.
 */
class TenantReads {
  /** BEGIN READ ONLY and the customer's setting while a `readAsTenant` runs; null otherwise */
  opening: string | null = null;
  /** statements written and not yet answered in full */
  private readonly unanswered = new Set<Promise<unknown>>();

  constructor(private readonly connection: pg.PoolClient) {}

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const opening = this.opening;
    if (opening === null) throw new Error('a customer read ran outside its readAsTenant');
    const statement = namedOn(this.connection, config);
    const { stream } = this.connection.connection;
    stream.cork();
    let answers: Promise<unknown>[];
    try {
      answers = [this.connection.query(opening), this.connection.query(statement, values), this.connection.query('commit')];
    } finally {
      stream.uncork();
    }
    const settled = Promise.allSettled(answers);
    this.unanswered.add(settled);
    void settled.finally(() => this.unanswered.delete(settled));
    const [opened, answered, closed] = await settled;
    for (const outcome of [opened, answered, closed]) if (outcome!.status === 'rejected') throw outcome!.reason;
    return (answered as PromiseFulfilledResult<pg.QueryResult>).value;
  }

  /** Resolves when every statement written so far has its answers (those of a read that failed early, too). */
  async answered(): Promise<void> {
    await Promise.allSettled([...this.unanswered]);
  }
}

const readsOnConnection = new WeakMap<pg.PoolClient, { reads: TenantReads; db: Db }>();

/**
 * Runs `fn`, which only reads, for the customer `customerId`: each of its statements is a read-only transaction of
 * its own that row-level security confines to that customer, and costs one round trip instead of the two of a
 * `withTenant` with one statement (BEGIN with the statement, then COMMIT; issue 15, decision 0037). A write inside is
 * refused by PostgreSQL ("read-only transaction"). Statements see the data as each starts, as they do in a
 * `withTenant` transaction (READ COMMITTED); what must be seen at one moment belongs in one statement.
 */
export async function readAsTenant<T>(db: Db, customerId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(customerId)) throw new Error('readAsTenant: customer id is not a UUID');
  return withConnection(poolOf(db), async (client) => {
    let reading = readsOnConnection.get(client);
    if (!reading) {
      const reads = new TenantReads(client);
      reading = { reads, db: drizzle(reads as unknown as pg.PoolClient, { schema }) };
      readsOnConnection.set(client, reading);
    }
    reading.reads.opening = `begin read only; select set_config('app.client_id', '${customerId}', true)`;
    try {
      return await fn(Object.assign(Object.create(reading.db) as Db, { [tenant]: customerId }));
    } finally {
      // The connection goes back to the pool with nothing of this read still under way.
      await reading.reads.answered();
      reading.reads.opening = null;
    }
  });
}
