import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogCalls, calls, feedback, type AccessLogRow, type TableResponse } from '@portal/contract';
import { accounts, auditLog, patients } from '../../db/schema.js';
import { awayFromStepEnd, expectProblem, login, totpCode } from '../../test/auth-helpers.js';
import { auditRows, call, createAccount, createCustomer, createTestContext, type TestAccount, type TestCustomer, type TestContext } from '../../test/harness.js';
import { describe as describeAct } from './access-log.table.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let ctx: TestContext;
let own: TestCustomer;
let other: TestCustomer;
let admin: TestAccount;
let plainAdmin: TestAccount;
let employee: TestAccount;
let adminToken: string;
let anna: number;

beforeAll(async () => {
  ctx = await createTestContext();
  own = await createCustomer(ctx, 'Apotheek Logboek');
  other = await createCustomer(ctx, 'Apotheek Anders');
  admin = await createAccount(ctx, own, { totpSecret: SECRET, firstName: 'Sanne' });
  plainAdmin = await createAccount(ctx, own, { firstName: 'Piet' });
  employee = await createAccount(ctx, own, { type: 'Employee', firstName: 'Thomas' });
  // A staff member of another customer: only the customer tells their acts apart from the own staff's.
  const otherStaff = await createAccount(ctx, other, { type: 'Employee', firstName: 'Kees' });
  const [row] = await ctx.database.ownerDb
    .insert(patients)
    .values({ customerId: own.id, departmentId: own.departmentId, firstName: 'Anna', lastName: 'de Vries', birthDate: '1938-02-14' })
    .returning();
  anna = row!.id;
  await awayFromStepEnd();
  adminToken = (await login(ctx, admin, { pin: await totpCode(SECRET) })).accessToken;

  // Acts of the own staff on patient data, of other kinds, and of another customer, dated in the past: rows as
  // writeAudit keeps them (who and which patients held in the row).
  const at = (iso: string) => new Date(iso);
  const by = (account: TestAccount, name: string) => ({
    customerId: account.customerId,
    accountId: account.id,
    actorKind: 'Account' as const,
    actorId: String(account.id),
    actorName: name,
    actorEmail: account.emailAddress,
    actorCustomerId: account.customerId,
  });
  const patient = (id: number, name: string, birthDate: string) => ({ patientIds: [id], patients: [{ id, key: null, name, birthDate }] });
  await ctx.database.ownerDb.insert(auditLog).values([
    { action: 'PatientSearch', outcome: 'Success', ...by(employee, 'Thomas Pieters'), ...patient(anna, 'Anna de Vries', '1938-02-14'), address: '10.1.2.3', details: { query: 'vries', results: 1 }, at: at('2026-03-02T09:00:00Z') },
    { action: 'FormSubmission', outcome: 'Success', ...by(employee, 'Thomas Pieters'), ...patient(own.patientId, 'Jan Jansen', '1940-05-01'), objectType: 'Submission', objectId: '123', details: { kind: 'ImmediateProduct' }, at: at('2026-03-31T22:30:00Z') },
    { action: 'TableExport', outcome: 'Success', ...by(plainAdmin, 'Piet Pieters'), objectType: 'Table', objectId: 'packingOrders', details: { format: 'Csv', rows: 12, completed: true }, at: at('2026-04-10T08:00:00Z') },
    { action: 'Login', outcome: 'Success', ...by(employee, 'Thomas Pieters'), at: at('2026-03-02T08:00:00Z') },
    { action: 'PatientSearch', outcome: 'Success', ...by(otherStaff, 'Kees Pieters'), ...patient(other.patientId, 'Jan Jansen', '1940-05-01'), details: { query: 'jan', results: 1 }, at: at('2026-03-02T09:00:00Z') },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: Record<string, unknown> = {}, token = adminToken) => {
  const res = await call(ctx, accessLogCalls.getAccessLogTable, { body, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<AccessLogRow>>();
};
/** The rows of the acts above, without the log's own reads. */
const acts = async (body: Record<string, unknown> = {}) =>
  (await table(body)).items.filter((row) => !row.action.startsWith('AccessLog')).map((row) => row.action);

describe('Inzage logboek', () => {
  it("shows the own staff's acts on patient data: who, what, which patient, when and from where", async () => {
    const rows = (await table({ action: 'PatientSearch' })).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'Account',
      staffName: 'Thomas Pieters',
      staffEmailAddress: employee.emailAddress,
      action: 'PatientSearch',
      patients: ['Anna de Vries (14-02-1938)'],
      description: 'Gezocht op ‘vries’ (1 gevonden)',
      address: '10.1.2.3',
      at: '2026-03-02T09:00:00.000Z',
    });
    // A login is no act on patient data; another customer's rows are never shown.
    expect(await acts()).toEqual(['TableExport', 'FormSubmission', 'PatientSearch']);
  });

  it('logs a real patient search with the patients it found', async () => {
    const employeeToken = (await login(ctx, employee)).accessToken;
    expect((await call(ctx, calls.patient.searchPatients, { body: { search: 'Anna' }, token: employeeToken })).statusCode).toBe(200);
    // The log's own earlier reads that showed Anna name her too (issue 28): the search is the one act besides them.
    const rows = (await table({ patient: 'anna', from: new Date().toISOString().slice(0, 10) })).items.filter((r) => !r.action.startsWith('AccessLog'));
    expect(rows.map((r) => [r.action, r.patients])).toEqual([['PatientSearch', ['Anna de Vries (14-02-1938)']]]);
  });

  it('filters on patient (name or birth date), staff member, action and period (Dutch days, both ends included)', async () => {
    expect(await acts({ patient: '14-02-1938', until: '2026-06-30' })).toEqual(['PatientSearch']);
    expect(await acts({ patient: 'jansen' })).toEqual(['FormSubmission']);
    expect(await acts({ patient: '31-02-1938' })).toEqual([]);
    expect(await acts({ staffMember: 'piet pieters' })).toEqual(['TableExport']);
    expect(await acts({ staffMember: employee.emailAddress.toUpperCase(), until: '2026-06-30' })).toEqual(['FormSubmission', 'PatientSearch']);
    expect(await acts({ action: 'FormSubmission' })).toEqual(['FormSubmission']);
    // 31 March 22:30 UTC is 1 April 00:30 in Amsterdam
    expect(await acts({ from: '2026-04-01', until: '2026-04-01' })).toEqual(['FormSubmission']);
    expect(await acts({ from: '2026-03-02', until: '2026-03-31' })).toEqual(['PatientSearch']);
  });

  it('describes each act in Dutch', () => {
    expect(describeAct('FormSubmission', '123', '2026-03-31T22:30:00.000Z', { kind: 'ImmediateProduct' })).toBe('Aanvraag rollen, AAN-2026-000123');
    expect(describeAct('TableExport', 'packingOrders', '2026-04-10T08:00:00Z', { format: 'Csv', rows: 12, completed: false })).toBe(
      'Inpakopdrachten als CSV, 12 rijen, afgebroken',
    );
    expect(describeAct('InvoiceDownload', '7', '2026-04-10T08:00:00Z', { processedMonth: '2026-03-01', fileType: 'Pdf' })).toBe('Factuur maart 2026 (Pdf)');
  });

  it('is itself logged when read and when exported', async () => {
    await table({ staffMember: 'thomas' });
    const read = (await auditRows(ctx, 'AccessLogRead')).at(-1) as unknown as { account_id: number; details: { filters: Record<string, unknown> } };
    expect(read.account_id).toBe(admin.id);
    expect(read.details.filters).toMatchObject({ staffMember: 'thomas' });

    const res = await call(ctx, accessLogCalls.exportAccessLog, { body: { format: 'Csv', action: 'TableExport' }, token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('inzage-logboek-');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Tijdstip;Medewerker;E-mailadres;Actie;Gelukt;Patiënten;Omschrijving;Adres');
    expect(lines.slice(1)).toEqual([`10-04-2026 10:00:00;Piet Pieters;${plainAdmin.emailAddress};Tabel geëxporteerd;Ja;;Inpakopdrachten als CSV, 12 rijen;`]);
    await expect.poll(async () => (await auditRows(ctx, 'AccessLogExport')).length).toBe(1);
  });

  it('needs a session that logged in with two-factor login, and says which is missing', async () => {
    const plainToken = (await login(ctx, plainAdmin)).accessToken;
    expect((await call(ctx, accessLogCalls.getAccess, { token: plainToken })).json()).toEqual({ allowed: false, reason: 'TwoFactorOff' });
    expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body: {}, token: plainToken }), 403, feedback.accessLogNeedsTwoFactor);
    expectProblem(await call(ctx, accessLogCalls.exportAccessLog, { body: { format: 'Csv' }, token: plainToken }), 403, feedback.accessLogNeedsTwoFactor);

    // Two-factor login turned on after this session began: the session still lacks it.
    await ctx.database.ownerDb.update(accounts).set({ totpEnabled: true }).where(and(eq(accounts.customerId, own.id), eq(accounts.id, plainAdmin.id)));
    expect((await call(ctx, accessLogCalls.getAccess, { token: plainToken })).json()).toEqual({ allowed: false, reason: 'SessionWithoutTwoFactor' });
    expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body: {}, token: plainToken }), 403, feedback.accessLogNeedsTwoFactor);

    expect((await call(ctx, accessLogCalls.getAccess, { token: adminToken })).json()).toEqual({ allowed: true, reason: null });
  });

  it('is not for employees, nor without a token', async () => {
    const employeeToken = (await login(ctx, employee)).accessToken;
    expectProblem(await call(ctx, accessLogCalls.getAccess, { token: employeeToken }), 403);
    expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body: {}, token: employeeToken }), 403);
    expectProblem(await call(ctx, accessLogCalls.exportAccessLog, { body: { format: 'Csv' }, token: employeeToken }), 403);
    expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body: {} }), 401);
  });

  it('refuses filters it cannot take with a 400', async () => {
    for (const body of [{ action: 'Login' }, { from: '2026-02-30' }, { patient: 'x'.repeat(101) }, { sortBy: 'action' }, { unknown: 1 }]) {
      expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body, token: adminToken }), 400);
    }
    expectProblem(await call(ctx, accessLogCalls.exportAccessLog, { body: { format: 'Pdf' }, token: adminToken }), 400);
  });
});
