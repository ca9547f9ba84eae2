import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuditCalls as calls, type AuditRow, type TableResponse } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { staffToken } from '../backoffice/test-support.js';

let ctx: TestContext;
let beheerder: string;
let anker: TestCustomer;
let linde: TestCustomer;

beforeAll(async () => {
  ctx = await createTestContext();
  beheerder = await staffToken(ctx, 'Beheerder');
  anker = await createCustomer(ctx, 'Apotheek Het Anker');
  linde = await createCustomer(ctx, 'Apotheek De Linde');
  await login(ctx, await createAccount(ctx, anker, { firstName: 'Anna' }));
  await login(ctx, await createAccount(ctx, linde, { firstName: 'Lotte' }));
  // Rows as writeAudit keeps them (the customer and patients held in the row), two of them dated in the past.
  const forCustomer = (customer: TestCustomer, name: string) => ({ customerId: customer.id, actorCustomerId: customer.id, actorCustomerCode: customer.clientCode, actorCustomerName: name });
  await ctx.database.ownerDb.insert(auditLog).values([
    {
      action: 'PatientSearch',
      outcome: 'Success',
      ...forCustomer(anker, 'Apotheek Het Anker'),
      patientIds: [anker.patientId],
      patients: [{ id: anker.patientId, key: null, name: 'Jan Jansen', birthDate: '1940-05-01' }],
      address: '10.1.2.3',
    },
    { action: 'Download', outcome: 'Failure', ...forCustomer(linde, 'Apotheek De Linde'), objectType: 'File', objectId: '=HYPERLINK("x")', actorName: '=HYPERLINK("x")', at: new Date('2026-01-15T10:00:00Z') },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: Record<string, unknown>, token = beheerder) => {
  const res = await call(ctx, calls.getTable, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<AuditRow>>();
};

describe('the audit viewer', () => {
  it('shows every door: customer logins, staff logins, with who, customer and patient', async () => {
    const page = await table({});
    const actions = page.items.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['Login', 'Staff.Login', 'PatientSearch']));
    const search = page.items.find((r) => r.action === 'PatientSearch')!;
    expect(search).toMatchObject({ customerName: 'Apotheek Het Anker', address: '10.1.2.3', actorKind: 'System' });
    expect(search.patients).toEqual([`Jan Jansen (${anker.patientId})`]);
    const customerLogin = page.items.find((r) => r.action === 'Login' && r.customerName === 'Apotheek De Linde')!;
    expect(customerLogin.actorKind).toBe('Customer');
    expect(customerLogin.actorName).toMatch(/^Lotte Pieters \(/);
    // Newest first.
    expect(page.items.map((r) => r.at)).toEqual([...page.items.map((r) => r.at)].sort().reverse());
  });

  it('filters on customer, patient, actor, action and period', async () => {
    expect((await table({ customer: 'anker' })).items.every((r) => r.customerName === 'Apotheek Het Anker')).toBe(true);
    const byPatient = await table({ patient: 'jansen', customer: 'anker' });
    expect(byPatient.items.map((r) => r.action)).toEqual(['PatientSearch']);
    expect((await table({ patient: String(anker.patientId), customer: 'Anker' })).total).toBe(1);
    const staffOnly = await table({ actorKind: 'Staff' });
    expect(staffOnly.items.length).toBeGreaterThan(0);
    expect(staffOnly.items.every((r) => r.actorKind === 'Staff')).toBe(true);
    expect((await table({ actor: 'lotte' })).items.every((r) => r.actorName?.startsWith('Lotte'))).toBe(true);
    const january = await table({ from: '2026-01-15', until: '2026-01-15' });
    expect(january.items.map((r) => r.action)).toEqual(['Download']);
    expect((await table({ from: '2026-01-16', until: '2026-01-31' })).total).toBe(0);
    expect((await table({ action: 'download' })).total).toBe(1);
  });

  it('audits its own reading', async () => {
    await table({ customer: 'linde' });
    const rows = await ctx.database.ownerDb.execute<{ details: { filters: { customer: string } } }>(
      sql`select details from audit_log where action = 'Backoffice.AuditRead' order by id desc limit 1`,
    );
    expect(rows.rows[0]?.details.filters.customer).toBe('linde');
  });

  it('refuses Klantenservice and Kwaliteit, a customer token and bad filters', async () => {
    for (const role of ['Klantenservice', 'Kwaliteit'] as const) {
      expect((await call(ctx, calls.getTable, { token: await staffToken(ctx, role), body: {} })).statusCode).toBe(403);
      expect((await call(ctx, calls.export, { token: await staffToken(ctx, role) })).statusCode).toBe(403);
    }
    const customer = await login(ctx, await createAccount(ctx, anker));
    expect((await call(ctx, calls.getTable, { token: customer.accessToken, body: {} })).statusCode).toBe(401);
    expect((await call(ctx, calls.getTable, { token: beheerder, body: { from: '2026-02-30' } })).statusCode).toBe(400);
    expect((await call(ctx, calls.getTable, { token: beheerder, body: { actorKind: 'Hacker' } })).statusCode).toBe(400);
  });

  it('exports the filtered trail as CSV for Dutch Excel, values that look like formulas defused, and audits it', async () => {
    const res = await call(ctx, calls.export, { token: beheerder, query: { customer: 'linde' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/logboek-\d{4}-\d{2}-\d{2}\.csv/);
    const text = res.body;
    expect(text.startsWith('\uFEFFTijdstip;Wie (soort);Wie;Actie;')).toBe(true);
    const lines = text.trim().split('\r\n');
    const expected = (await table({ customer: 'linde' })).total;
    expect(lines.length - 1).toBe(expected);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const audited = await ctx.database.ownerDb.execute(sql`select 1 from audit_log where action = 'Backoffice.AuditExport'`);
    expect(audited.rows.length).toBe(1);
  });
});
