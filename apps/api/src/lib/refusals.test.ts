import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accessLogCalls,
  backofficeAuditCalls,
  backofficeInboxCalls as inbox,
  calls,
  exportCalls,
  feedback,
  integrationBasePath,
  validation,
  type CallDefinition,
} from '@portal/contract';
import { expectProblem, freshAddress, login } from '../test/auth-helpers.js';
import { call, createAccount, createTestContext, type TestContext } from '../test/harness.js';
import { attachFile, insertSubmission, openInbox, type InboxWorld, type ItemRef } from '../modules/inbox/test-support.js';
import { createIntegration } from '../modules/integration/test-support.js';

// Issue 28.3: a refused access leaves an audit row, written by the door where it refuses: who (as far as known),
// what was asked for (the call, the route, the id), the outcome 'Failure' with the status and the reason.

let world: InboxWorld;
let employee: string;
let question: ItemRef;
let requestFile: string;

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde } = world;
  employee = (await login(ctx, await createAccount(ctx, linde, { type: 'Employee' }))).accessToken;
  question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Wanneer komt de levering?' });
  const roll = await insertSubmission(ctx, linde, 'ImmediateProduct', { patientId: linde.patientId, department: 'Afdeling A' });
  requestFile = await attachFile(ctx, linde, roll, 'pdf');
});
afterAll(async () => {
  await world?.ctx.close();
});

type RefusalRow = {
  outcome: string;
  account_id: number | null;
  staff_id: number | null;
  client_id: string | null;
  object_type: string | null;
  object_id: string | null;
  details: { method: string; route: string; status: number; reason: string; asked?: Record<string, unknown> };
};

/** A call as the audit row names it. */
const named = (def: CallDefinition) => `${def.controller}/${def.action}`;

/** The refusal rows written for requests from `address` (each test calls from an address of its own). */
async function refusalsFrom(ctx: TestContext, address: string): Promise<RefusalRow[]> {
  return (
    await ctx.database.ownerDb.execute<RefusalRow>(sql`
      select outcome, account_id, staff_id, client_id, object_type, object_id, details
      from audit_log where action = 'AccessRefused' and address = ${address} order by id`)
  ).rows;
}

describe("the customers' door logs its refusals", () => {
  it("another customer's patient in a form: the form's 400, with the patient id asked for", async () => {
    const { ctx, linde, baken } = world;
    const address = freshAddress();
    const body = {
      patientGender: 'Male',
      patientId: baken.patientId,
      patientBirthDate: '1940-05-01',
      department: 'Afdeling A',
      swallowDateTime: '2026-07-14T08:30',
      drugName: 'Paracetamol 500 mg',
      reasonOfRequest: 'Tablet lijkt anders van kleur',
    };
    const res = await call(ctx, calls.forms.requestPhoto, { body, token: linde.token, remoteAddress: address });
    expectProblem(res, 400, validation.patientUnknown);
    expect(await refusalsFrom(ctx, address)).toEqual([
      {
        outcome: 'Failure',
        account_id: linde.account.id,
        staff_id: null,
        client_id: linde.id,
        object_type: named(calls.forms.requestPhoto),
        object_id: String(baken.patientId),
        details: { method: 'POST', route: calls.forms.requestPhoto.path, status: 400, reason: validation.patientUnknown, asked: { patientId: baken.patientId } },
      },
    ]);
  });

  it('the access log without two-factor login: 403', async () => {
    const { ctx, linde } = world;
    const address = freshAddress();
    expectProblem(await call(ctx, accessLogCalls.getAccessLogTable, { body: {}, token: linde.token, remoteAddress: address }), 403);
    expect(await refusalsFrom(ctx, address)).toMatchObject([
      {
        account_id: linde.account.id,
        client_id: linde.id,
        object_type: named(accessLogCalls.getAccessLogTable),
        details: { status: 403, reason: feedback.accessLogNeedsTwoFactor },
      },
    ]);
  });

  it('an employee on an export of administrators: 403 at the guard', async () => {
    const { ctx, linde } = world;
    const address = freshAddress();
    expectProblem(await call(ctx, exportCalls.pharmacists, { body: { format: 'Csv' }, token: employee, remoteAddress: address }), 403);
    const [row] = await refusalsFrom(ctx, address);
    expect(row).toMatchObject({ outcome: 'Failure', client_id: linde.id, details: { status: 403, reason: feedback.forbidden, route: exportCalls.pharmacists.path } });
    expect(row!.account_id).not.toBeNull();
    expect(row!.account_id).not.toBe(linde.account.id);
  });

  it('an invalid or expired token: 401, the address and the route only', async () => {
    const { ctx } = world;
    const address = freshAddress();
    expectProblem(await call(ctx, exportCalls.pharmacists, { body: { format: 'Csv' }, token: 'verlopen', remoteAddress: address }), 401);
    expect(await refusalsFrom(ctx, address)).toEqual([
      {
        outcome: 'Failure',
        account_id: null,
        staff_id: null,
        client_id: null,
        object_type: named(exportCalls.pharmacists),
        object_id: null,
        details: { method: 'POST', route: exportCalls.pharmacists.path, status: 401, reason: feedback.unauthorized },
      },
    ]);
  });
});

describe("the staff's door logs its refusals", () => {
  it('Kwaliteit opening another kind of item, and its file: 404 with the id asked for', async () => {
    const { ctx, staff } = world;
    const address = freshAddress();
    const kees = staff.Kwaliteit;
    const query = { ItemKind: 'Submission', Id: String(question.id) };
    expectProblem(await call(ctx, inbox.getItem, { token: kees.token, query, remoteAddress: address }), 404);
    expectProblem(await call(ctx, inbox.downloadFile, { token: kees.token, query: { FileId: requestFile }, remoteAddress: address }), 404);
    expect(await refusalsFrom(ctx, address)).toEqual([
      {
        outcome: 'Failure',
        account_id: null,
        staff_id: kees.id,
        client_id: null,
        object_type: named(inbox.getItem),
        object_id: String(question.id),
        // the query as the call read it: its id a number
        details: { method: 'GET', route: inbox.getItem.path, status: 404, reason: feedback.notFound, asked: { ...query, Id: question.id } },
      },
      expect.objectContaining({ staff_id: kees.id, object_type: named(inbox.downloadFile), object_id: requestFile }),
    ]);
  });

  it('Klantenservice on the audit log: 403 at the guard, also on its export (a route of its own)', async () => {
    const { ctx, staff } = world;
    const address = freshAddress();
    const karim = staff.Klantenservice;
    expectProblem(await call(ctx, backofficeAuditCalls.getTable, { body: {}, token: karim.token, remoteAddress: address }), 403);
    expectProblem(await call(ctx, backofficeAuditCalls.export, { query: {}, token: karim.token, remoteAddress: address }), 403);
    expect(await refusalsFrom(ctx, address)).toMatchObject([
      { staff_id: karim.id, object_type: named(backofficeAuditCalls.getTable), details: { status: 403, reason: feedback.forbidden } },
      { staff_id: karim.id, object_type: named(backofficeAuditCalls.export), details: { status: 403, route: backofficeAuditCalls.export.path } },
    ]);
  });

  it('an unknown item: 404', async () => {
    const { ctx, staff } = world;
    const address = freshAddress();
    const query = { ItemKind: 'ServiceOrder', Id: '999999' };
    expectProblem(await call(ctx, inbox.getItem, { token: staff.Beheerder.token, query, remoteAddress: address }), 404);
    expect(await refusalsFrom(ctx, address)).toMatchObject([{ staff_id: staff.Beheerder.id, object_id: '999999', details: { status: 404, asked: { ...query, Id: 999999 } } }]);
  });

  it('an invalid token: 401, the address and the route only', async () => {
    const { ctx } = world;
    const address = freshAddress();
    expectProblem(await call(ctx, inbox.getNewCount, { token: 'vervalst', remoteAddress: address }), 401);
    expect(await refusalsFrom(ctx, address)).toMatchObject([{ account_id: null, staff_id: null, client_id: null, object_type: named(inbox.getNewCount), details: { status: 401 } }]);
  });
});

describe('a flood of refusals from one address', () => {
  const LIMIT = 3;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { AUTH_RATE_LIMIT_PER_ADDRESS: LIMIT } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('leaves as many rows as the address limit allows, and one row saying the rest went unlogged', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT + 3; i += 1) {
      expectProblem(await call(ctx, inbox.getNewCount, { token: `vervalst-${i}`, remoteAddress: address }), 401);
    }
    expect(await refusalsFrom(ctx, address)).toHaveLength(LIMIT);
    const throttled = await ctx.database.ownerDb.execute(sql`
      select outcome, details from audit_log where action = 'AccessRefusalsThrottled' and address = ${address}`);
    expect(throttled.rows).toEqual([{ outcome: 'Failure', details: { bound: 'address', limit: LIMIT, windowSeconds: 15 * 60 } }]);
    // Another address is not held back by this one.
    const other = freshAddress();
    expectProblem(await call(ctx, inbox.getNewCount, { token: 'vervalst', remoteAddress: other }), 401);
    expect(await refusalsFrom(ctx, other)).toHaveLength(1);
  });

  it("bounds the integration door's rows of calls with an invalid token the same way, not those of a known client", async () => {
    const address = freshAddress();
    const runs = (token: string) =>
      ctx.app.inject({ method: 'GET', url: `${integrationBasePath}/import-runs`, headers: { authorization: `Bearer ${token}` }, remoteAddress: address });
    for (let i = 0; i < LIMIT + 3; i += 1) expect((await runs(`vervalst-${i}`)).statusCode).toBe(401);
    // A client that is known keeps a row of each call: it answers for them.
    const erp = await createIntegration(ctx, []);
    expect((await runs(erp.token)).statusCode).toBe(200);
    const rows = await ctx.database.ownerDb.execute<{ action: string; client: string | null }>(sql`
      select action, case when actor_kind = 'Integration' then actor_id end as client from audit_log where address = ${address} order by id`);
    expect(rows.rows).toEqual([
      ...Array.from({ length: LIMIT }, () => ({ action: 'Integration.Call', client: null })),
      { action: 'AccessRefusalsThrottled', client: null },
      { action: 'Integration.Call', client: erp.clientId },
    ]);
  });
});

describe('a flood of refusals from ever new addresses', () => {
  const LIMIT = 2;
  let ctx: TestContext;
  // A clock that stands still: every refusal falls in one window of the bound.
  const now = new Date('2026-11-26T10:05:00Z');
  beforeAll(async () => {
    ctx = await createTestContext({ config: { AUTH_RATE_LIMIT_PER_ADDRESS: LIMIT }, clock: () => now });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('leaves ten times the rows of one address for all of them together, then one row saying the rest went unlogged', async () => {
    for (let i = 0; i < LIMIT * 10 + 5; i += 1) {
      expectProblem(await call(ctx, inbox.getNewCount, { token: 'vervalst', remoteAddress: freshAddress() }), 401);
    }
    const rows = await ctx.database.ownerDb.execute<{ action: string; details: Record<string, unknown> }>(sql`
      select action, details from audit_log where action in ('AccessRefused', 'AccessRefusalsThrottled') order by id`);
    expect(rows.rows.filter((row) => row.action === 'AccessRefused')).toHaveLength(LIMIT * 10);
    expect(rows.rows.at(LIMIT * 10)).toEqual({ action: 'AccessRefusalsThrottled', details: { bound: 'all', limit: LIMIT * 10, windowSeconds: 15 * 60 } });
    expect(rows.rows).toHaveLength(LIMIT * 10 + 1);
  });
});
