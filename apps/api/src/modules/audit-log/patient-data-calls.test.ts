/**
 * Issue 28, point 2: every call that carries patient data, through every door, leaves an audit row naming each
 * patient. The calls are derived from the contract (test/patient-data-calls.ts); each must have an exercise here
 * that makes it with one known patient, and a call added to the contract without one fails by its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accessLogCalls,
  backofficeAuditCalls,
  BACKOFFICE_BASE,
  backofficeInboxCalls,
  calls,
  exportCalls,
  integrationBasePath,
  itemReference,
  myRequestCalls,
  myRequestThreadCalls,
  type CallDefinition,
  type IntegrationScope,
} from '@portal/contract';
import { awayFromStepEnd, login, totpCode } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { callName, everyCall, patientDataCalls } from '../../test/patient-data-calls.js';
import { staffToken } from '../backoffice/test-support.js';
import { multipartBody, samplePdf } from '../files/upload-fixtures.js';
import { appWithProfile, reportVariantCases } from '../imperfection-reports/test-support.js';
import { createIntegration, getIntegration, sendBatch } from '../integration/test-support.js';
import { clock, resetClock, rollRequestBody, uploadAs } from '../request-forms/test-support.js';
import { insertServiceProducts } from '../service-products/test-support.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let ctx: TestContext;
const sites: TestContext[] = [];
let customer: TestCustomer;
let token: string;
let adminToken: string;
let siteTokens: Record<'basic' | 'apeldoorn' | 'alkmaar', { site: TestContext; token: string }>;
let beheerder: string;
let klantenservice: string;
let photoSubmission: number;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => clock.now });
  customer = await createCustomer(ctx, 'Apotheek Spoor');
  const employee = await createAccount(ctx, customer, { type: 'Employee' });
  const admin = await createAccount(ctx, customer, { totpSecret: SECRET });
  token = (await login(ctx, employee)).accessToken;
  await awayFromStepEnd();
  adminToken = (await login(ctx, admin, { pin: await totpCode(SECRET) })).accessToken;
  const open = async (profile: 'basic' | 'apeldoorn' | 'alkmaar') => {
    const site = await appWithProfile(ctx, profile);
    sites.push(site);
    return { site, token: (await login(site, employee)).accessToken };
  };
  siteTokens = { basic: await open('basic'), apeldoorn: await open('apeldoorn'), alkmaar: await open('alkmaar') };
  beheerder = await staffToken(ctx, 'Beheerder');
  klantenservice = await staffToken(ctx, 'Klantenservice');
  // The customer's department known to the provider's system by its key, for the patients it sends.
  await ctx.database.ownerDb.execute(sql`update facilities set external_key = 'D-28' where id = ${customer.departmentId}`);

  // Something of the patient in every trail the exercises read: a search, a form with the patient.
  expect((await call(ctx, calls.patient.searchPatients, { body: { search: 'Jansen' }, token })).statusCode).toBe(200);
  const photo = await call(ctx, calls.forms.requestPhoto, { body: photoRequest(), token });
  expect(photo.statusCode, photo.body).toBe(200);
  photoSubmission = photo.json<{ submissionId: number }>().submissionId;
});
afterAll(async () => {
  for (const site of sites) await site.close();
  await ctx?.close();
});

const photoRequest = () => ({
  patientGender: 'Male',
  patientId: customer.patientId,
  patientBirthDate: '1940-05-01',
  department: 'Afdeling A',
  swallowDateTime: '2026-07-14T08:30',
  drugName: 'Paracetamol 500 mg',
  reasonOfRequest: 'Tablet lijkt anders van kleur',
});
const rollRequest = (fileGuid?: string) => rollRequestBody(customer.patientId, { fileGuid: fileGuid ?? null });
const patientRow = (key: string) => ({ customer: customer.clientCode, key, department: 'D-28', firstName: 'Karel', lastName: 'Kist', birthDate: '1951-09-30' });

/** The patient an exercise made its call with: by our id, and by the provider's key where it has one. */
interface Known {
  id: number;
  key?: string;
  /** the call's own row is about this object (where the exercise makes other calls that name the patient too) */
  objectId?: string;
  /** the call's own row comes after this one (where the exercise made other calls that name the patient first) */
  since?: number;
  /** the call showed the patient by the provider's key alone (a rejected row of a run), so the row names that key */
  byKeyOnly?: boolean;
}

const ok = async <R extends { statusCode: number; body: string }>(response: Promise<R>) => {
  const res = await response;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const jan = (): Known => ({ id: customer.patientId });
const patientByKey = async (key: string): Promise<Known> => {
  const { rows } = await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where external_key = ${key}`);
  return { id: rows[0]!.id, key };
};
/**
 * The provider's system at the real time (its tokens expire by the real clock, not the forms' fixed day), with a
 * client of its own.
 */
async function asIntegration<T>(act: (token: string) => Promise<T>, scopes: IntegrationScope[] = ['patients']): Promise<T> {
  clock.now = new Date();
  try {
    return await act((await createIntegration(ctx, scopes)).token);
  } finally {
    resetClock();
  }
}
/** An inbox item's one reference, as the provider's system names it when it writes back. */
async function referenceOf(itemKind: 'Submission' | 'ServiceOrder', id: number): Promise<string> {
  const table = sql.raw(itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders');
  const { rows } = await ctx.database.ownerDb.execute<{ kind: string; created_at: Date }>(
    sql`select ${itemKind === 'Submission' ? sql`kind` : sql`'ServiceOrder'`} as kind, created_at from ${table} where id = ${id}`,
  );
  return itemReference({ itemKind, kind: rows[0]!.kind, id, receivedAt: rows[0]!.created_at });
}
const writeBack = (token: string, path: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: `${integrationBasePath}/${path}`, headers: { authorization: `Bearer ${token}` }, payload: body });
const sendPatients = (token: string, rows: unknown[], path = '') => ok(sendBatch(ctx, token, 'patients', rows, { path }));
const report = async (variant: 'Oosterwolde' | 'Apeldoorn' | 'Alkmaar' | 'Basic', on: { site: TestContext; token: string }) => {
  const cases = reportVariantCases[variant];
  await ok(call(on.site, cases.calls[0]!, { body: { ...cases.valid(customer.patientId), patientId: customer.patientId }, token: on.token }));
  return jan();
};

/** Per call: make it with one known patient (2xx), and say which patient that was. */
const exercises: Record<string, () => Promise<Known>> = {
  'Patient/SearchPatients': async () => (await ok(call(ctx, calls.patient.searchPatients, { body: { search: 'Jansen' }, token })), jan()),
  'Forms/AskNonFaqQuestion': async () => {
    await ok(call(ctx, calls.forms.askNonFaqQuestion, { body: { question: 'Kan Jan Jansen zijn rol een dag later krijgen?' }, token }));
    return jan();
  },
  'Forms/RequestNewProduct': async () => {
    const body = { drugName: 'Melatonine', drugStrength: '0,1 mg', consumptionPerWeek: '7 tabletten', amountOfPatients: 1, reason: 'Voor jan jansen, die slecht slaapt.' };
    await ok(call(ctx, calls.forms.requestNewProduct, { body, token }));
    return jan();
  },
  'Forms/RequestImmediateProduct': async () => (await ok(call(ctx, calls.forms.requestImmediateProduct, { body: rollRequest(), token })), jan()),
  'Forms/RequestPhoto': async () => (await ok(call(ctx, calls.forms.requestPhoto, { body: photoRequest(), token })), jan()),
  'Forms/ReportImperfection': () => report('Basic', siteTokens.basic),
  'Forms/ReportImperfectionInceptionOosterwolde': () => report('Oosterwolde', { site: ctx, token }),
  'Forms/ReportImperfectionInceptionApeldoorn': () => report('Apeldoorn', siteTokens.apeldoorn),
  'Forms/ReportImperfectionInceptionAlkmaar': () => report('Alkmaar', siteTokens.alkmaar),
  'File/UploadFile': async () => {
    const file = await uploadAs(ctx, token, samplePdf, 'rollen.pdf');
    await ok(call(ctx, calls.forms.requestImmediateProduct, { body: rollRequest(file.fileGuid), token }));
    return { ...jan(), objectId: file.fileGuid };
  },
  'Inbox/ReplyToMyRequest': async () => {
    const body = { itemKind: 'Submission', id: photoSubmission, text: 'Is de foto al gemaakt?' };
    await ok(call(ctx, myRequestThreadCalls.replyToMyRequest, { body, token }));
    return { ...jan(), objectId: String(photoSubmission) };
  },
  'Inbox/UploadAttachment': async () => {
    const { payload, contentType } = multipartBody([{ name: 'file', fileName: 'uitleg.pdf', content: samplePdf }]);
    const query = { ItemKind: 'Submission', Id: String(photoSubmission) };
    const headers = { 'content-type': contentType, authorization: `Bearer ${klantenservice}` };
    const res = await ok(ctx.app.inject({ method: 'POST', url: backofficeInboxCalls.uploadAttachment.path, query, headers, payload }));
    return { ...jan(), objectId: res.json<{ fileGuid: string }>().fileGuid };
  },
  'Inbox/GetMyRequestTable': async () => (await ok(call(ctx, myRequestCalls.getMyRequestTable, { body: {}, token })), jan()),
  'Export/MyRequests': async () => (await ok(call(ctx, exportCalls.myRequests, { body: { format: 'Csv' }, token })), jan()),
  'AccessLog/GetAccessLogTable': async () => (await ok(call(ctx, accessLogCalls.getAccessLogTable, { body: {}, token: adminToken })), jan()),
  'AccessLog/ExportAccessLog': async () => (await ok(call(ctx, accessLogCalls.exportAccessLog, { body: { format: 'Csv' }, token: adminToken })), jan()),
  'Audit/GetTable': async () => (await ok(call(ctx, backofficeAuditCalls.getTable, { body: {}, token: beheerder })), jan()),
  'Audit/Export': async () => (await ok(call(ctx, backofficeAuditCalls.export, { query: {}, token: beheerder })), jan()),
  'Inbox/GetTable': async () => (await ok(call(ctx, backofficeInboxCalls.getTable, { body: {}, token: klantenservice })), jan()),
  'Inbox/GetItem': async () => {
    await ok(call(ctx, backofficeInboxCalls.getItem, { query: { ItemKind: 'Submission', Id: String(photoSubmission) }, token: klantenservice }));
    return jan();
  },
  'patients/Upsert': () => asIntegration(async (token) => (await sendPatients(token, [patientRow('P-28')]), patientByKey('P-28'))),
  'patients/Delete': () =>
    asIntegration(async (token) => {
      await sendPatients(token, [patientRow('P-28-WEG')]);
      const known = await patientByKey('P-28-WEG');
      const mark = await lastRow();
      await ok(sendBatch(ctx, token, 'patients', [{ customer: customer.clientCode, key: 'P-28-WEG' }], { path: '/delete', query: 'confirmDeletes=true' }));
      return { ...known, since: mark };
    }),
  'events/Feed': () => asIntegration(async (token) => (await ok(getIntegration(ctx, token, '/events?limit=1000')), jan()), ['submissions:read']),
  'submissions/Answer': () =>
    asIntegration(async (token) => {
      await ok(writeBack(token, `submissions/${await referenceOf('Submission', photoSubmission)}/answers`, { text: 'De foto volgt morgen.' }));
      return { ...jan(), objectId: String(photoSubmission) };
    }, ['submissions:write']),
  'service-orders/Answer': () =>
    asIntegration(async (erp) => {
      const products = await insertServiceProducts(ctx, [{ articleCode: 'ETK-28', name: 'Etiketten', description: 'Rol etiketten', price: 4 }]);
      const body = { orderRows: [{ serviceProductId: products['ETK-28'], amount: 1 }] };
      const placed = await ok(call(ctx, calls.serviceProductOrder.addServiceProductOrder, { token, body }));
      const orderId = placed.json<{ serviceProductOrderId: number }>().serviceProductOrderId;
      // An order names no patient; an answer's free text may.
      await ok(writeBack(erp, `service-orders/${await referenceOf('ServiceOrder', orderId)}/answers`, { text: 'De etiketten voor Jan Jansen zijn onderweg.' }));
      return { ...jan(), objectId: String(orderId) };
    }, ['orders:write']),
  'import-runs/Get': () =>
    asIntegration(async (token) => {
      const run = await rejectedRun(token, 'P-28-GET');
      await ok(getIntegration(ctx, token, `/import-runs/${run.runId}`));
      return run.known;
    }),
  'import-runs/Rejections': () =>
    asIntegration(async (token) => {
      const run = await rejectedRun(token, 'P-28-REJ');
      await ok(getIntegration(ctx, token, `/import-runs/${run.runId}/rejections`));
      return run.known;
    }),
};

/** A patient the provider's system sent, then a run of its that rejects that patient's row again. */
async function rejectedRun(token: string, key: string) {
  await sendPatients(token, [patientRow(key)]);
  const known = await patientByKey(key);
  const res = await sendPatients(token, [{ ...patientRow(key), birthDate: 'gisteren' }]);
  // Only the reading of the run is the call under test: the rows before it name the patient too.
  return { known: { ...known, since: await lastRow(), byKeyOnly: true }, runId: res.json<{ runId: number }>().runId };
}

const lastRow = async () => Number((await ctx.database.ownerDb.execute<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_log`)).rows[0]!.id);

/**
 * Whether a row written since `mark` by the door's kind of actor names the patient as the call saw it: by id with
 * the name and birth date kept in the row (and the provider's key, where it has one), and is about `objectId`
 * where given.
 */
async function named(mark: number, known: Known, actorKind: string): Promise<boolean> {
  const { rows } = await ctx.database.ownerDb.execute<{ n: number }>(sql`
    select count(*)::int as n from audit_log a, jsonb_array_elements(a.patients) p
    where a.id > ${known.since ?? mark} and a.actor_kind = ${actorKind} and a.actor_name is not null
      and (${known.byKeyOnly ?? false}::boolean
           or ((p->>'id')::int = ${known.id} and p->>'name' is not null and p->>'birthDate' is not null))
      and (${known.key ?? null}::text is null or p->>'key' = ${known.key ?? null})
      and (${known.objectId ?? null}::text is null or a.object_id = ${known.objectId ?? null})`);
  return rows[0]!.n > 0;
}

/** Who a door's rows name as the actor. */
const actorKindOf = (call: CallDefinition) =>
  call.path.startsWith(integrationBasePath) ? 'Integration' : call.path.startsWith(BACKOFFICE_BASE) ? 'Staff' : 'Account';

const derived = patientDataCalls();
const byName = new Map(everyCall().map((definition) => [callName(definition), definition]));
const logged: string[] = [];

describe('every call carrying patient data is audited with its patients (derived from the contract)', () => {
  afterAll(() => {
    process.stdout.write(`${logged.length} of ${derived.size} patient-data calls logged with the patient identified\n`);
  });

  it('finds the calls the issue names, among others', () => {
    for (const name of ['Inbox/GetMyRequestTable', 'Export/MyRequests', 'File/UploadFile', 'Forms/AskNonFaqQuestion', 'patients/Delete', 'import-runs/Rejections']) {
      expect(derived.has(name), name).toBe(true);
    }
    // A count of patients is no patient data.
    expect(derived.has('Dashboard/GetSummary')).toBe(false);
  });

  it.each([...derived].map(([name, why]) => [name, why]))('%s (%s) writes a row naming its patient', async (name) => {
    const exercise = exercises[name];
    expect(exercise, `${name} carries patient data: add its exercise here`).toBeDefined();
    const mark = await lastRow();
    const known = await exercise!();
    // An export's row is written once its file is sent, which may be just after the answer has ended.
    await expect.poll(() => named(mark, known, actorKindOf(byName.get(name)!)), { message: `${name}: no audit row names patient ${known.id}` }).toBe(true);
    logged.push(name);
  });

  it('has no exercise for a call that carries no patient data', () => {
    expect(Object.keys(exercises).filter((name) => !derived.has(name))).toEqual([]);
  });
});

describe('the customer sees these accesses in Inzage logboek', () => {
  it('shows an employee reading the own requests and an upload tied to a form, each naming the patient', async () => {
    await ok(call(ctx, myRequestCalls.getMyRequestTable, { body: {}, token }));
    const file = await uploadAs(ctx, token, samplePdf, 'rollen.pdf');
    await ok(call(ctx, calls.forms.requestImmediateProduct, { body: rollRequest(file.fileGuid), token }));
    const shown = async (action: string) => {
      const res = await ok(call(ctx, accessLogCalls.getAccessLogTable, { body: { action }, token: adminToken }));
      return res.json<{ items: { action: string; patients: string[] }[] }>().items[0];
    };
    expect(await shown('MyRequestsRead')).toMatchObject({ action: 'MyRequestsRead', patients: ['Jan Jansen (01-05-1940)'] });
    expect(await shown('UploadAttached')).toMatchObject({ action: 'UploadAttached', patients: ['Jan Jansen (01-05-1940)'] });
  });
});

// Last in the file: the snapshot removes every other patient of the customer, the one the tests above use too.
describe("the provider's system deleting patients", () => {
  it('a snapshot that leaves a patient out names that patient, as it was, with the client and the customer', async () => {
    const known = await asIntegration(async (token) => {
      await sendPatients(token, [patientRow('P-28-BLIJFT'), patientRow('P-28-GAAT')]);
      const going = await patientByKey('P-28-GAAT');
      const mark = await lastRow();
      await ok(sendBatch(ctx, token, 'patients', [patientRow('P-28-BLIJFT')], { query: `mode=snapshot&customer=${customer.clientCode}&confirmDeletes=true` }));
      return { ...going, since: mark };
    });
    const { rows } = await ctx.database.ownerDb.execute<{ action: string; client_id: string; patients: { id: number; key: string; name: string; birthDate: string }[]; details: { operation: string } }>(
      sql`select action, client_id, patients, details from audit_log where id > ${known.since} and action = 'Integration.PatientsDeleted'`,
    );
    // One row of the snapshot's deletion (the customer's other patients sent earlier in this file go with it).
    expect(rows.map((row) => [row.client_id, row.details.operation])).toEqual([[customer.id, 'snapshot']]);
    expect(rows[0]!.patients).toContainEqual({ id: known.id, key: 'P-28-GAAT', name: 'Karel Kist', birthDate: '1951-09-30' });
    expect(rows[0]!.patients.map((patient) => patient.key)).not.toContain('P-28-BLIJFT');
  });
});
