/**
 * The back-office role in PostgreSQL (decision 0023): portal_staff reads across customers by its own policies,
 * narrowed by the staff member's role; the app role (customers) still sees one customer, and never the staff's
 * tables or notes. Checked as the roles themselves, under row-level security, not through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { backofficeStaffCalls } from '@portal/contract';
import { createStaff, staffLogin } from './test-support.js';

let ctx: TestContext;
let a: TestCustomer;
let b: TestCustomer;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCustomer(ctx, 'Apotheek A');
  b = await createCustomer(ctx, 'Zorginstelling B');
  const owner = ctx.database.ownerPool;
  for (const [client, kind] of [
    [a, 'NewProduct'],
    [b, 'ImperfectionOosterwolde'],
  ] as const) {
    await owner.query(`insert into form_submissions (client_id, kind, payload) values ($1, $2, '{}')`, [client.id, kind]);
    await owner.query(
      `insert into inbox_events (client_id, item_kind, item_id, event, body) select client_id, 'Submission', id, e, 'tekst'
       from form_submissions, unnest(array['Status', 'Note', 'Answer']) e where client_id = $1`,
      [client.id],
    );
  }
});
afterAll(async () => {
  await ctx?.close();
});

/** Runs `sql` on a portal_app connection in a rolled-back transaction, after `setup` statements. */
async function asApp(setup: string[], statement: string): Promise<Record<string, unknown>[]> {
  const client = await ctx.database.appPool.connect();
  try {
    await client.query('begin');
    for (const s of setup) await client.query(s);
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
const asStaff = (role: string, statement: string) =>
  asApp(['set local role portal_staff', `select set_config('app.staff_role', '${role}', true)`], statement);

describe('the back-office role', () => {
  it('reads every customer’s submissions, patients and events across customers', async () => {
    expect((await asStaff('Klantenservice', 'select client_id from form_submissions')).length).toBe(2);
    expect((await asStaff('Klantenservice', 'select distinct client_id from patients')).length).toBe(2);
    expect((await asStaff('Klantenservice', 'select 1 from inbox_events')).length).toBe(6);
  });

  it('shows Kwaliteit imperfection reports only, and no accounts', async () => {
    const rows = await asStaff('Kwaliteit', 'select kind from form_submissions');
    expect(rows.map((r) => r.kind)).toEqual(['ImperfectionOosterwolde']);
    expect(await asStaff('Kwaliteit', 'select 1 from accounts')).toEqual([]);
    expect(await asStaff('Kwaliteit', 'select 1 from service_product_orders')).toEqual([]);
  });

  it('lets only a Beheerder read the audit trail', async () => {
    expect((await asStaff('Beheerder', 'select 1 from audit_log')).length).toBeGreaterThanOrEqual(0);
    await call(ctx, backofficeStaffCalls.colleagues, { token: (await staffLogin(ctx, await createStaff(ctx, 'Beheerder'))).accessToken });
    expect((await asStaff('Beheerder', 'select 1 from audit_log')).length).toBeGreaterThan(0);
    expect(await asStaff('Klantenservice', 'select 1 from audit_log')).toEqual([]);
  });

  it('sees nothing without a role set, and cannot write a customer’s rows without naming the customer', async () => {
    expect(await asApp(['set local role portal_staff'], 'select 1 from form_submissions')).toEqual([]);
    const updated = await asStaff('Beheerder', `update form_submissions set status = 'Archived' returning id`);
    expect(updated).toEqual([]);
    const named = await asApp(
      ['set local role portal_staff', `select set_config('app.staff_role', 'Beheerder', true)`, `select set_config('app.client_id', '${a.id}', true)`],
      `update form_submissions set status = 'Archived' returning client_id`,
    );
    expect(named.map((r) => r.client_id)).toEqual([a.id]);
  });
});

describe('the customers’ role', () => {
  it('still sees one customer only, and none of the staff’s notes', async () => {
    const rows = await asApp([`select set_config('app.client_id', '${a.id}', true)`], 'select client_id, event from inbox_events order by event');
    expect(rows).toEqual([
      { client_id: a.id, event: 'Answer' },
      { client_id: a.id, event: 'Status' },
    ]);
    expect((await asApp([`select set_config('app.client_id', '${a.id}', true)`], 'select client_id from form_submissions')).length).toBe(1);
  });

  it('cannot read the staff’s accounts or sessions at all, nor the audit trail beyond its own customer’s rows', async () => {
    await expect(asApp([], 'select * from staff_accounts')).rejects.toThrow(/permission denied/);
    await expect(asApp([], 'select * from staff_sessions')).rejects.toThrow(/permission denied/);
    // The access log (issue 14) reads a customer's own rows; without a customer, none.
    expect(await asApp([], 'select * from audit_log')).toEqual([]);
    const own = await asApp([`select set_config('app.client_id', '${a.id}', true)`], 'select distinct client_id from audit_log where client_id is not null');
    expect(own.every((row) => row.client_id === a.id)).toBe(true);
  });

  it('does not inherit the back-office role: its policies need SET ROLE', async () => {
    const rows = await asApp([], `select pg_has_role('portal_app', 'portal_staff', 'USAGE') as inherits, pg_has_role('portal_app', 'portal_staff', 'SET') as may_set`);
    expect(rows[0]).toEqual({ inherits: false, may_set: true });
  });
});
