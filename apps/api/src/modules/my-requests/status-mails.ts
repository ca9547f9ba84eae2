import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/problems.js';
import type { TenantReading, UnitOfWork } from '../../lib/unit-of-work.js';

/** Whether the account asked to be mailed when the provider gives something it sent a new status. */
export async function statusMails({ tx, claims }: TenantReading): Promise<{ enabled: boolean }> {
  const result = await tx.execute<{ status_mails: boolean }>(
    sql`select status_mails from accounts where client_id = ${claims.customerId} and id = ${claims.accountId}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return { enabled: row.status_mails };
}

export async function setStatusMails({ tx, claims, audit }: UnitOfWork, enabled: boolean): Promise<void> {
  const result = await tx.execute(
    sql`update accounts set status_mails = ${enabled} where client_id = ${claims.customerId} and id = ${claims.accountId}`,
  );
  if (!result.rowCount) throw notFound();
  await audit({ action: 'StatusMailsChange', objectType: 'Account', objectId: String(claims.accountId), details: { enabled } });
}
