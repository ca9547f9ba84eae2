import { sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { connectionDb, inTransaction, UUID } from '../../db/tenancy.js';

const staffDoor = Symbol('staff');

/**
 * A transaction of the back-office door (decision 0023): run as the database role portal_staff, which reads
 * across customers through policies of its own (narrowed by the staff member's role, app.staff_role) and writes
 * a customer's rows only after `forCustomer` has named that customer, under the tenant policies.
 */
export type StaffTx = Db & { readonly [staffDoor]: true };

/** Who acts: the staff member and role, or nobody yet (a login, an invitation being accepted). */
export type StaffActor = { staffId: number; role: StaffRole } | null;

const ROLE = /^(Beheerder|Klantenservice|Kwaliteit)$/;

/** Runs `fn` in one transaction of the back-office role: all of it is kept, or none of it. */
export function withStaff<T>(db: Db, actor: StaffActor, fn: (tx: StaffTx) => Promise<T>): Promise<T> {
  return staffTransaction(db, actor, 'begin', fn);
}

/**
 * `withStaff` for what only reads at length (a report, the audit log): one read-only transaction of the same role
 * and settings, on the pool given, which may be a streaming replica's (decision 0093).
 */
export function readAsStaff<T>(db: Db, actor: StaffActor, fn: (tx: StaffTx) => Promise<T>): Promise<T> {
  return staffTransaction(db, actor, 'begin read only', fn);
}

function staffTransaction<T>(db: Db, actor: StaffActor, begin: 'begin' | 'begin read only', fn: (tx: StaffTx) => Promise<T>): Promise<T> {
  const role = actor?.role ?? '';
  if (role && !ROLE.test(role)) throw new Error('withStaff: unknown role');
  const staffId = actor ? String(Math.trunc(actor.staffId)) : '';
  return inTransaction(
    db,
    `${begin}; set local role portal_staff; select set_config('app.staff_role', '${role}', true), set_config('app.staff_id', '${staffId}', true), set_config('app.client_id', '', true)`,
    (client) => fn(connectionDb(client, { [staffDoor]: true as const })),
  );
}

/** Makes the next writes of `tx` go to the rows of `customerId` (its tenant policies); null: none. */
export async function forCustomer(tx: StaffTx, customerId: string | null): Promise<void> {
  if (customerId !== null && !UUID.test(customerId)) throw new Error('forCustomer: customer id is not a UUID');
  await tx.execute(sql`select set_config('app.client_id', ${customerId ?? ''}, true)`);
}
