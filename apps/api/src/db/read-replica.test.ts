import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuditCalls, backofficeReportingCalls, calls, exportCalls, type Report, type TableResponse } from '@portal/contract';
import { login } from '../test/auth-helpers.js';
import { auditRows, call, createAccount, createCustomer, createTestContext, type TestAccount, type TestContext, type TestCustomer } from '../test/harness.js';
import { startStreamingPair, type StreamingPair } from '../test/replica.js';
import { colleague, insertSubmission, type Colleague, type Customer } from '../modules/inbox/test-support.js';
import { readOnlyTenant } from './tenancy.js';

/*
 * DATABASE_READ_URL (decision 0093): exports, reports and the audit log are read on a streaming replica. Proof that a
 * read was served there: with the replica's replay paused, a row written on the primary is missing from what the
 * call answers, and appears once the replay has caught up.
 */

let pair: StreamingPair;
let ctx: TestContext;
let anker: TestCustomer & { admin: TestAccount; token: string };
let linde: TestCustomer & { admin: TestAccount; token: string };
let bea: Colleague;

async function customerWithAdmin(name: string, email: string) {
  const customer = await createCustomer(ctx, name);
  const admin = await createAccount(ctx, customer, { emailAddress: email });
  return { ...customer, admin, token: (await login(ctx, admin)).accessToken };
}

beforeAll(async () => {
  pair = await startStreamingPair();
  ctx = await createTestContext({ adminUrl: pair.primary.urlFor('postgres'), replicaAdminUrl: pair.replica.urlFor('postgres') });
  anker = await customerWithAdmin('Apotheek Het Anker', 'beheer@anker.test');
  linde = await customerWithAdmin('Apotheek De Linde', 'beheer@linde.test');
  bea = await colleague(ctx, 'Beheerder', 'Bea');
  await pair.replayed();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pair?.remove();
});

async function pharmacistsFile(token: string): Promise<string> {
  const res = await call(ctx, exportCalls.pharmacists, { body: { format: 'Csv' }, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('reads at length on a streaming replica', () => {
  it("serves a customer's export from the replica, and writes its audit row on the primary", async () => {
    await pair.pauseReplay();
    await createAccount(ctx, anker, { emailAddress: 'na-de-pauze@anker.test' });
    // The screen's table reads the primary: the new colleague is there.
    const table = await call(ctx, calls.pharmacist.getPharmacistTable, { body: {}, token: anker.token });
    expect(table.body).toContain('na-de-pauze@anker.test');
    const paused = await pharmacistsFile(anker.token);
    expect(paused).toContain('beheer@anker.test');
    expect(paused).not.toContain('na-de-pauze@anker.test');

    await pair.resumeReplay();
    await pair.replayed();
    expect(await pharmacistsFile(anker.token)).toContain('na-de-pauze@anker.test');
    // A standby writes nothing: the rows are the primary's, each written once its file was sent.
    const exports = async () => (await auditRows(ctx, 'TableExport')).filter((row) => row.client_id === anker.id).map((row) => row.outcome);
    await expect.poll(exports).toEqual(['Success', 'Success']);
  });

  it("holds row-level security there: the same role and customer setting, read-only, and none of another customer's rows", async () => {
    const seen = await readOnlyTenant(ctx.database.readDb, linde.id, async (tx) => {
      const result = await tx.execute<{ standby: boolean; role: string; readOnly: string; customer: string; others: number; own: number }>(sql`
        select pg_is_in_recovery() as standby, current_user as role, current_setting('transaction_read_only') as "readOnly",
          current_setting('app.client_id') as customer,
          (select count(*)::int from accounts where client_id = ${anker.id}) as others,
          (select count(*)::int from accounts) as own`);
      return result.rows[0];
    });
    expect(seen).toEqual({ standby: true, role: 'portal_app', readOnly: 'on', customer: linde.id, others: 0, own: 1 });
    const file = await pharmacistsFile(linde.token);
    expect(file).toContain('beheer@linde.test');
    expect(file).not.toContain('@anker.test');
  });

  it("serves the back-office's Logboek, its file and the Rapportage from the replica", async () => {
    const logboek = async () => {
      const res = await call(ctx, backofficeAuditCalls.getTable, { token: bea.token, body: { action: 'Login' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TableResponse<{ customerName: string | null }>>().items.map((row) => row.customerName);
    };
    const logboekFile = async () => {
      const res = await call(ctx, backofficeAuditCalls.export, { token: bea.token, query: { action: 'Login' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const received = async () => {
      const res = await call(ctx, backofficeReportingCalls.get, { token: bea.token, query: {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Report>().weeks.reduce((sum, week) => sum + week.total, 0);
    };
    const before = await received();

    await pair.pauseReplay();
    const late = await customerWithAdmin('Apotheek Na De Pauze', 'beheer@nadepauze.test');
    const who: Customer = { ...late, name: 'Apotheek Na De Pauze', account: late.admin };
    await insertSubmission(ctx, who, 'NonFaqQuestion', { question: 'Wanneer?' });
    expect(await logboek()).not.toContain('Apotheek Na De Pauze');
    expect(await logboekFile()).not.toContain('Apotheek Na De Pauze');
    expect(await received()).toBe(before);

    await pair.resumeReplay();
    await pair.replayed();
    expect(await logboek()).toContain('Apotheek Na De Pauze');
    expect(await logboekFile()).toContain('Apotheek Na De Pauze');
    expect(await received()).toBe(before + 1);
    // Each read's audit row was written on the primary.
    const reads = await ctx.database.ownerDb.execute<{ action: string; count: number }>(
      sql`select action, count(*)::int as count from audit_log where staff_id = ${bea.id} group by action order by action`,
    );
    expect(reads.rows).toEqual([
      { action: 'Backoffice.AuditExport', count: 2 },
      { action: 'Backoffice.AuditRead', count: 2 },
      { action: 'Backoffice.ReportRead', count: 3 },
      { action: 'Staff.Login', count: 1 },
    ]);
  });
});
