import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './database.js';
import * as schema from './schema.js';
import { withConnection } from './connection.js';

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
    db = drizzle(client, { schema });
    onConnection.set(client, db);
  }
  return Object.assign(Object.create(db) as Db, brand);
}

/**
 * Runs `fn` on one pooled connection in one transaction opened by `begin` (BEGIN and its settings in one round
 * trip): committed when `fn` resolves, rolled back when it throws. The way in for every transaction whose
 * settings decide what it may see: a customer's (withTenant) and the integration door's (withIntegration).
 */
export async function inTransaction<T>(db: Db, begin: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('a transaction needs the pooled database, not a transaction');
  return withConnection(pool, async (client, broke) => {
    await client.query(begin);
    try {
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(broke);
      throw error;
    }
  });
}

/**
 * Runs `fn` in one transaction in which PostgreSQL's row-level security shows only the rows of `clientId`.
 * Queries inside should still filter by customer: the policy is the second line of defence.
 * BEGIN and the customer setting travel in one round trip (the id is checked to be a UUID first).
 */
export async function withTenant<T>(db: Db, clientId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(clientId)) throw new Error('withTenant: customer id is not a UUID');
  return inTransaction(db, `begin; select set_config('app.client_id', '${clientId}', true)`, (client) => fn(connectionDb(client, { [tenant]: clientId })));
}
