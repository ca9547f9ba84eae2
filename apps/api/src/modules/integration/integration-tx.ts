import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { connectionDb, inTransaction, UUID } from '../../db/tenancy.js';

const integration = Symbol('integration');

/**
 * A transaction of the integration door: run as the database role portal_integration (decision 0021), which
 * keeps the customer list and the catalogue, and otherwise sees a customer's rows only while `forCustomer` has
 * named that customer: row-level security holds per customer as it does for the portal.
 */
export type IntegrationTx = Db & { readonly [integration]: true };

/** Makes the next statements of `tx` see and write only the rows of `customerId`. */
export async function forCustomer(tx: IntegrationTx, customerId: string | null): Promise<void> {
  if (customerId !== null && !UUID.test(customerId)) throw new Error('forCustomer: customer id is not a UUID');
  await tx.execute(sql`select set_config('app.client_id', ${customerId ?? ''}, true)`);
}

/** Runs `fn` in one transaction of the integration role: all of it is kept, or none of it. */
export function withIntegration<T>(db: Db, fn: (tx: IntegrationTx) => Promise<T>): Promise<T> {
  return inTransaction(db, `begin; set local role portal_integration; select set_config('app.client_id', '', true)`, (client) =>
    fn(connectionDb(client, { [integration]: true as const })),
  );
}

/** Runs `fn` in one read-only transaction of the integration role: a call that only reads cannot write. */
export function readIntegration<T>(db: Db, fn: (tx: IntegrationTx) => Promise<T>): Promise<T> {
  return inTransaction(db, `begin read only; set local role portal_integration; select set_config('app.client_id', '', true)`, (client) =>
    fn(connectionDb(client, { [integration]: true as const })),
  );
}
