import { sql } from 'drizzle-orm';
import type { Db } from './database.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `fn` in one transaction in which PostgreSQL's row-level security shows only the rows of `clientId`.
 * Queries inside should still filter by customer: the policy is the second line of defence.
 */
export function withTenant<T>(db: Db, clientId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.client_id', ${clientId}, true)`);
    return fn(tx);
  });
}
