import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeInboxCalls as inbox, calls, type CallDefinition } from '@portal/contract';
import { expectProblem } from '../../test/auth-helpers.js';
import { call } from '../../test/harness.js';
import { createStaff, staffLogin } from '../backoffice/test-support.js';
import { attachFile, detailOf, inboxTable, insertOrder, insertSubmission, openInbox, refOf, refsOf, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;
let question: ItemRef;
let report: ItemRef;
let order: ItemRef;
let requestFile: string;
let photo: string;

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, baken } = world;
  question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Wanneer komt de levering?' });
  report = await insertSubmission(ctx, baken, 'ImperfectionOosterwolde', { patientId: baken.patientId, department: 'Afdeling A' });
  order = await insertOrder(ctx, linde);
  const roll = await insertSubmission(ctx, linde, 'ImmediateProduct', { patientId: linde.patientId, department: 'Afdeling A' });
  requestFile = await attachFile(ctx, linde, roll, 'pdf');
  photo = await attachFile(ctx, baken, report, 'photo');
});
afterAll(async () => {
  await world?.ctx.close();
});

/** Each back-office call of the inbox with a request it would take. */
const everyCall = (): [string, CallDefinition, { body?: unknown; query?: Record<string, string> }][] => [
  ['GetTable', inbox.getTable, { body: {} }],
  ['GetNewCount', inbox.getNewCount, {}],
  ['GetItem', inbox.getItem, { query: { ItemKind: 'Submission', Id: String(question.id) } }],
  ['DownloadFile', inbox.downloadFile, { query: { FileId: requestFile } }],
  ['SetStatus', inbox.setStatus, { body: { itemKind: 'Submission', id: question.id, status: 'Processing' } }],
  ['Assign', inbox.assign, { body: { itemKind: 'Submission', id: question.id, assigneeId: null } }],
  ['AddNote', inbox.addNote, { body: { itemKind: 'Submission', id: question.id, text: 'Bellen' } }],
  ['Answer', inbox.answer, { body: { itemKind: 'Submission', id: question.id, subject: 'Uw vraag', text: 'Morgen.' } }],
];

describe('the inbox door', () => {
  it('refuses every call without a token, with a customer token, and with a staff session still setting up two-factor login', async () => {
    const setup = await staffLogin(world.ctx, await createStaff(world.ctx, 'Beheerder', { withoutTotp: true }));
    for (const [name, def, request] of everyCall()) {
      for (const token of [undefined, world.linde.token, setup.accessToken, 'geen-token']) {
        const res = await call(world.ctx, def, { ...request, token });
        expect(res.statusCode, `${name} ${token?.slice(0, 8) ?? 'without'}`).toBe(401);
        expectProblem(res, 401);
      }
    }
  });

  it('lets every role in (the inbox is all three roles’ work), and a staff token opens no portal call', async () => {
    for (const role of ['Beheerder', 'Klantenservice', 'Kwaliteit'] as const) {
      const res = await call(world.ctx, inbox.getNewCount, { token: world.staff[role].token });
      expect(res.statusCode, role).toBe(200);
    }
    expectProblem(await call(world.ctx, calls.serviceProductOrder.getServiceProductOrderTable, { token: world.staff.Beheerder.token, body: {} }), 401);
  });

  it('refuses bad requests with Dutch field errors', async () => {
    const token = world.staff.Beheerder.token;
    expectProblem(await call(world.ctx, inbox.getItem, { token, query: { ItemKind: 'Iets', Id: '1' } }), 400);
    expectProblem(await call(world.ctx, inbox.getItem, { token, query: { ItemKind: 'Submission', Id: 'een' } }), 400);
    expectProblem(await call(world.ctx, inbox.downloadFile, { token, query: { FileId: 'geen-uuid' } }), 400);
    expectProblem(await call(world.ctx, inbox.getTable, { token, body: { statuses: ['Klaar'] } }), 400);
    expectProblem(await call(world.ctx, inbox.getTable, { token, body: { assignee: 'iedereen' } }), 400);
    expectProblem(await call(world.ctx, inbox.getTable, { token, body: { receivedFrom: '2026-02-30' } }), 400);
    expectProblem(await call(world.ctx, inbox.setStatus, { token, body: { itemKind: 'Submission', id: question.id } }), 400);
  });
});

describe('Kwaliteit sees imperfection reports only', () => {
  it('in the table and the count', async () => {
    const all = { statuses: [] };
    expect(refsOf(await inboxTable(world, world.staff.Kwaliteit, all))).toEqual([refOf(report)]);
    const everything = refsOf(await inboxTable(world, world.staff.Klantenservice, all));
    expect(everything).toEqual(expect.arrayContaining([refOf(question), refOf(report), refOf(order)]));
    // Asking for other kinds by filter finds nothing either.
    expect((await inboxTable(world, world.staff.Kwaliteit, { ...all, kinds: ['NonFaqQuestion', 'ServiceOrder'] })).total).toBe(0);
    const count = async (role: 'Kwaliteit' | 'Beheerder') =>
      (await call(world.ctx, inbox.getNewCount, { token: world.staff[role].token })).json<{ count: number }>().count;
    expect(await count('Kwaliteit')).toBe(1);
    expect(await count('Beheerder')).toBe(4);
  });

  it('in the detail, the files and the actions: 404 for anything else', async () => {
    const kees = world.staff.Kwaliteit;
    expect((await detailOf(world, kees, report)).statusCode).toBe(200);
    for (const item of [question, order]) expectProblem(await detailOf(world, kees, item), 404);
    expectProblem(await call(world.ctx, inbox.downloadFile, { token: kees.token, query: { FileId: requestFile } }), 404);
    expect((await call(world.ctx, inbox.downloadFile, { token: kees.token, query: { FileId: photo } })).statusCode).toBe(200);
    for (const item of [question, order]) {
      const ref = { itemKind: item.itemKind, id: item.id };
      expectProblem(await call(world.ctx, inbox.setStatus, { token: kees.token, body: { ...ref, status: 'Processing' } }), 404);
      expectProblem(await call(world.ctx, inbox.addNote, { token: kees.token, body: { ...ref, text: 'Gezien' } }), 404);
      expectProblem(await call(world.ctx, inbox.assign, { token: kees.token, body: { ...ref, assigneeId: kees.id } }), 404);
      expectProblem(await call(world.ctx, inbox.answer, { token: kees.token, body: { ...ref, subject: 'Re', text: 'Tekst' } }), 404);
    }
  });

  it('answers 404 for items and files that do not exist', async () => {
    const token = world.staff.Beheerder.token;
    expectProblem(await call(world.ctx, inbox.getItem, { token, query: { ItemKind: 'ServiceOrder', Id: '999999' } }), 404);
    expectProblem(await call(world.ctx, inbox.downloadFile, { token, query: { FileId: '00000000-0000-4000-8000-000000000000' } }), 404);
  });
});
