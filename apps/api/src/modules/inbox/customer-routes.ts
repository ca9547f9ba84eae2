import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { myRequestCalls, statusMailCalls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { notFound } from '../../lib/problems.js';
import { queryTable } from '../../lib/tables.js';
import type { TenantReading, UnitOfWork } from '../../lib/unit-of-work.js';
import { myRequestTable } from './my-requests.table.js';

/**
 * The customer's side of the inbox (issue 12): "Mijn aanvragen en meldingen", and the account's wish to be
 * mailed when the provider gives something it sent a new status. What only reads runs read-only for the customer, the rest in the customer's own tenant transaction.
 */
export function registerMyRequestRoutes(app: FastifyInstance) {
  const reads = { tenant: 'reads' } as const;
  registerCall(app, myRequestCalls.getMyRequestTable, ({ body, tx, claims }) => queryTable(tx, myRequestTable, claims.clientId, body), reads);
  registerCall(app, statusMailCalls.getStatusMails, (reading) => statusMails(reading), reads);
  registerCall(app, statusMailCalls.setStatusMails, ({ body, ...work }) => setStatusMails(work, body.enabled), { tenant: true });
}

async function statusMails({ tx, claims }: TenantReading): Promise<{ enabled: boolean }> {
  const result = await tx.execute<{ status_mails: boolean }>(
    sql`select status_mails from accounts where client_id = ${claims.clientId} and id = ${claims.accountId}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return { enabled: row.status_mails };
}

async function setStatusMails({ tx, claims, audit }: UnitOfWork, enabled: boolean): Promise<void> {
  const result = await tx.execute(
    sql`update accounts set status_mails = ${enabled} where client_id = ${claims.clientId} and id = ${claims.accountId}`,
  );
  if (!result.rowCount) throw notFound();
  await audit({ action: 'StatusMailsChange', objectType: 'Account', objectId: String(claims.accountId), details: { enabled } });
}
