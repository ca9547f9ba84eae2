import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogCalls, backofficeAuditCalls, calls, type AccessLogRow, type AuditRow, type TableResponse } from '@portal/contract';
import { awayFromStepEnd, login, totpCode } from '../../test/auth-helpers.js';
import { call, createAccount, type TestAccount } from '../../test/harness.js';
import { insertSubmission, openInbox, readDetail, type InboxWorld } from '../inbox/test-support.js';
import { createIntegration, sendBatch, type TestIntegration } from '../integration/test-support.js';

/*
 * Issue 28, points 1 and 4: an audit row holds what was true when it was written, so a patient or account deleted
 * afterwards is still named by it; and the customer's access log shows the provider's staff and systems acting on
 * the customer's own patients.
 */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PATIENT = 'Tweede Verwijderpatient (09-03-1944)';

let world: InboxWorld;
let erp: TestIntegration;
let admin: TestAccount;
let adminToken: string;
let patientId: number;

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde } = world;
  erp = await createIntegration(ctx, ['departments', 'patients'], 'ERP Spits');
  admin = await createAccount(ctx, linde, { totpSecret: SECRET, firstName: 'Marloes' });
  await awayFromStepEnd();
  adminToken = (await login(ctx, admin, { pin: await totpCode(SECRET) })).accessToken;
  const schedules = [{ shipmentDay: 1, shipmentTime: '08:00', arrivalDay: 2, arrivalTime: '10:30' }];
  expect((await sendBatch(ctx, erp.token, 'departments', [{ customer: linde.clientCode, key: 'D1', name: 'Afdeling Zon', deliverySchedules: schedules }])).statusCode).toBe(200);
  const written = await sendBatch(ctx, erp.token, 'patients', [
    { customer: linde.clientCode, key: 'PAT-193', department: 'D1', firstName: 'Tweede', lastName: 'Verwijderpatient', birthDate: '1944-03-09' },
  ]);
  expect(written.statusCode, written.body).toBe(200);
  const [row] = (await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where external_key = 'PAT-193'`)).rows;
  patientId = row!.id;
});
afterAll(async () => {
  await world?.ctx.close();
});

const accessLog = async (body: Record<string, unknown>) => {
  const res = await call(world.ctx, accessLogCalls.getAccessLogTable, { body, token: adminToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<AccessLogRow>>().items;
};

const auditLog = async (body: Record<string, unknown>) => {
  const res = await call(world.ctx, backofficeAuditCalls.getTable, { body, token: world.staff.Beheerder.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<AuditRow>>().items;
};

const searchAs = async (token: string, search: string) => {
  const res = await call(world.ctx, calls.patient.searchPatients, { body: { search }, token });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the customer sees every access to its patients', () => {
  it("shows the provider's staff reading and the integration writing its patient, by name and as the provider's", async () => {
    const { ctx, linde, staff } = world;
    const item = await insertSubmission(ctx, linde, 'ImmediateProduct', { patientId });
    await readDetail(world, staff.Klantenservice, item);

    const rows = await accessLog({ patient: 'verwijderpatient' });
    expect(rows.find((row) => row.action === 'Backoffice.InboxRead')).toMatchObject({
      actorKind: 'Staff',
      staffName: 'Karim Klantenservice',
      staffEmailAddress: null,
      staffRole: 'Klantenservice',
      outcome: 'Success',
      patients: [PATIENT],
    });
    expect(rows.find((row) => row.action === 'Integration.PatientsWritten')).toMatchObject({
      actorKind: 'Integration',
      staffName: 'ERP Spits',
      patients: [PATIENT],
    });
    // The provider is found by its name, as the customer knows it.
    const provider = await accessLog({ staffMember: 'spits medicatie' });
    expect(new Set(provider.map((row) => row.actorKind))).toEqual(new Set(['Staff', 'Integration']));
  });

  it('gives the times to the second, on screen and in the export', async () => {
    await searchAs(world.linde.token, 'Jansen');
    // Reading the log names the patients it showed, so the search is picked by its action.
    const [search] = await accessLog({ patient: 'jansen', action: 'PatientSearch' });
    expect(search!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const exported = async (patient: string, action: string | null = null) => {
      const res = await call(world.ctx, accessLogCalls.exportAccessLog, { body: { format: 'Csv', patient, action }, token: adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    };
    // The log's own read above named Jansen too (issue 28): the search's line is the one of 'Patiënt gezocht'.
    const line = (await exported('jansen')).find((text) => text.includes(';Patiënt gezocht;'));
    const second = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', timeStyle: 'medium' }).format(new Date(search!.at));
    expect(line).toMatch(new RegExp(`^\\d{2}-\\d{2}-\\d{4} ${second};Sanne Pieters;`));
    const provider = await exported('verwijderpatient');
    expect(provider).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2};Medewerker van Spits Medicatie \(Karim Klantenservice\);;Aanvraag bekeken;/),
        expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2};Koppeling van Spits Medicatie \(ERP Spits\);;Patiëntgegevens bijgewerkt;/),
      ]),
    );
  });
});

describe('a row keeps what it said', () => {
  it('still names a patient deleted through the integration, and the patient filter still finds its rows', async () => {
    const { ctx, linde } = world;
    await searchAs(linde.token, 'Verwijderpatient');
    const deleted = await sendBatch(ctx, erp.token, 'patients', [{ customer: linde.clientCode, key: 'PAT-193' }], { path: '/delete', query: 'confirmDeletes=true' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await ctx.database.ownerDb.execute(sql`select 1 from patients where id = ${patientId}`)).rows).toHaveLength(0);

    const rows = await accessLog({ patient: 'verwijderpatient' });
    expect(rows.find((row) => row.action === 'PatientSearch')).toMatchObject({ staffName: 'Sanne Pieters', patients: [PATIENT] });
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['PatientSearch', 'Backoffice.InboxRead', 'Integration.PatientsWritten']));
    // The same acts by birth date; the log's own reads (each naming the patients it showed) left aside.
    const acts = (found: { action: string }[]) => found.filter((row) => !row.action.startsWith('AccessLog')).length;
    expect(acts(await accessLog({ patient: '09-03-1944' }))).toBe(acts(rows));

    const trail = await auditLog({ patient: String(patientId) });
    expect(trail.find((row) => row.action === 'PatientSearch')).toMatchObject({
      actorKind: 'Customer',
      customerName: 'Apotheek De Linde',
      patients: [`Tweede Verwijderpatient (${patientId})`],
    });
  });

  it('still names an account deleted since, with its e-mail address', async () => {
    const { ctx, linde } = world;
    const wim = await createAccount(ctx, linde, { type: 'Employee', firstName: 'Wim' });
    await searchAs((await login(ctx, wim)).accessToken, 'Jansen');
    const removed = await call(ctx, calls.pharmacist.deletePharmacistById, { query: { Id: String(wim.id) }, token: adminToken });
    expect(removed.statusCode, removed.body).toBe(204);

    const rows = await accessLog({ staffMember: 'wim' });
    expect(rows.map((row) => [row.action, row.staffName, row.staffEmailAddress, row.patients])).toEqual([
      ['PatientSearch', 'Wim Pieters', wim.emailAddress, ['Jan Jansen (01-05-1940)']],
    ]);
    const trail = await auditLog({ actor: wim.emailAddress });
    expect(trail.map((row) => row.actorName)).toContain(`Wim Pieters (${wim.emailAddress})`);
  });
});
