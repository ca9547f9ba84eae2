import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeInboxCalls as inbox,
  inboxKindLabels,
  inboxStatus,
  myRequestCalls,
  myRequestTableColumns,
  myRequestTableDefaults,
  statusMailCalls,
  type InboxKind,
  type MyRequestRow,
  type TableResponse,
} from '@portal/contract';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { call } from '../../test/harness.js';
import { describeTableCall } from '../../test/table-call.js';
import { auditOf, insertOrder, insertSubmission, openInbox, type InboxWorld, type ItemRef } from '../inbox/test-support.js';

let world: InboxWorld;
let answered: ItemRef;
let otherOrder: ItemRef;

const at = (day: number) => new Date(Date.UTC(2026, 3, day, 9));

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, baken } = world;
  const kinds = ['NonFaqQuestion', 'Photo', 'ImmediateProduct', 'Photo', 'ImperfectionOosterwolde', 'NewProduct', 'OfflineAssortment'];
  const own: ItemRef[] = [];
  for (const [n, kind] of kinds.entries()) {
    own.push(await insertSubmission(ctx, linde, kind, { patientId: linde.patientId }, { createdAt: at(n + 1), status: inboxStatus.options[n % 3] }));
  }
  answered = own[0]!;
  await insertSubmission(ctx, baken, 'NonFaqQuestion', { question: '?' }, { createdAt: at(20) });
  otherOrder = await insertOrder(ctx, baken, { createdAt: at(21) });

  const karim = world.staff.Klantenservice.token;
  const ref = { itemKind: answered.itemKind, id: answered.id };
  await call(ctx, inbox.addNote, { token: karim, body: { ...ref, text: 'Intern: klant is ontevreden' } });
  await call(ctx, inbox.assign, { token: karim, body: { ...ref, assigneeId: world.staff.Klantenservice.id } });
  await call(ctx, inbox.answer, { token: karim, body: { ...ref, subject: 'Uw vraag', text: 'Eerste antwoord.' } });
  await call(ctx, inbox.answer, { token: karim, body: { ...ref, subject: 'Nog een antwoord', text: 'Tweede antwoord.' } });
});
afterAll(async () => {
  await world?.ctx.close();
});

const kindLabel = (row: MyRequestRow) => inboxKindLabels[row.kind as InboxKind];
const statusRank = (row: MyRequestRow) => inboxStatus.options.indexOf(row.status as never);

describeTableCall<MyRequestRow, (typeof myRequestTableColumns)[number]>(
  {
    call: myRequestCalls.getMyRequestTable,
    columns: myRequestTableColumns,
    defaults: myRequestTableDefaults,
    total: 7,
    compare: {
      receivedAt: (a, b) => a.receivedAt.localeCompare(b.receivedAt),
      id: (a, b) => a.id - b.id,
      kind: (a, b) => kindLabel(a).localeCompare(kindLabel(b), 'nl'),
      status: (a, b) => statusRank(a) - statusRank(b),
    },
    // 'Aanvraag foto' twice
    folding: { term: 'Fotó', found: 2 },
    // only the other customer ordered service products
    other: { term: 'bestelling', total: 2 },
  },
  () => ({ ctx: world.ctx, token: world.linde.token, otherToken: world.baken.token }),
);

const myTable = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await call(world.ctx, myRequestCalls.getMyRequestTable, { token, body: { rowsPerPage: 100, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('Mijn aanvragen en meldingen', () => {
  it("shows the provider's answers, never its notes, assignments or staff names", async () => {
    const res = await myTable(world.linde.token);
    const row = res.json<TableResponse<MyRequestRow>>().items.find((r) => r.id === answered.id && r.itemKind === 'Submission')!;
    expect(row).toMatchObject({ kind: 'NonFaqQuestion', status: 'New', submitterName: 'Vrager Apotheek De Linde' });
    expect(row.answers.map(({ subject, text }) => ({ subject, text }))).toEqual([
      { subject: 'Uw vraag', text: 'Eerste antwoord.' },
      { subject: 'Nog een antwoord', text: 'Tweede antwoord.' },
    ]);
    expect(res.body).not.toContain('Intern');
    expect(res.body).not.toContain('Karim');
    expect(res.body).not.toContain('Klantenservice');
  });

  it("shows the customer's service orders with their status", async () => {
    const body = (await myTable(world.baken.token)).json<TableResponse<MyRequestRow>>();
    expect(body.items[0]).toMatchObject({ itemKind: 'ServiceOrder', id: otherOrder.id, kind: 'ServiceOrder', status: 'New', answers: [] });
  });

  it('finds items by status and by reference', async () => {
    const processing = (await myTable(world.linde.token, { search: 'in behandeling' })).json<TableResponse<MyRequestRow>>();
    expect(processing.items.map((r) => r.status)).toEqual(['Processing', 'Processing']);
    const byReference = (await myTable(world.linde.token, { search: `#${answered.id}` })).json<TableResponse<MyRequestRow>>();
    expect(byReference.items.map((r) => r.id)).toContain(answered.id);
    const quoted = (await myTable(world.linde.token, { search: `aan-2026-${String(answered.id).padStart(6, '0')}` })).json<TableResponse<MyRequestRow>>();
    expect(quoted.items.map((r) => [r.itemKind, r.id])).toEqual([['Submission', answered.id]]);
  });

  it('is not open to a staff token', async () => {
    expectProblem(await call(world.ctx, myRequestCalls.getMyRequestTable, { token: world.staff.Beheerder.token, body: {} }), 401);
  });
});

describe('status mails', () => {
  it('are off until the account switches them on, and the switch is audited', async () => {
    const { ctx, linde } = world;
    const get = async () => (await call(ctx, statusMailCalls.getStatusMails, { token: linde.token })).json<{ enabled: boolean }>();
    expect(await get()).toEqual({ enabled: false });
    expect((await call(ctx, statusMailCalls.setStatusMails, { token: linde.token, body: { enabled: true } })).statusCode).toBe(204);
    expect(await get()).toEqual({ enabled: true });
    // Another account keeps its own setting.
    expect((await call(ctx, statusMailCalls.getStatusMails, { token: world.baken.token })).json()).toEqual({ enabled: false });
    expect((await call(ctx, statusMailCalls.setStatusMails, { token: linde.token, body: { enabled: false } })).statusCode).toBe(204);
    expect(await get()).toEqual({ enabled: false });
    expect((await auditOf(ctx, 'StatusMailsChange')).map((row) => [row.account_id, row.details])).toEqual([
      [linde.account.id, { enabled: true }],
      [linde.account.id, { enabled: false }],
    ]);
  });

  it('refuses a bad body and a missing token', async () => {
    const { ctx, linde } = world;
    expectFieldErrors(await call(ctx, statusMailCalls.setStatusMails, { token: linde.token, body: { enabled: 'ja' } }), 'enabled', ['Ongeldige waarde']);
    expectProblem(await call(ctx, statusMailCalls.getStatusMails, {}), 401);
    expectProblem(await call(ctx, statusMailCalls.setStatusMails, { body: { enabled: true } }), 401);
  });
});
