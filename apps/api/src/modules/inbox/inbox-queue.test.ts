import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeInboxBulkCalls as bulk,
  backofficeInboxQueueCalls as queue,
  backofficeInboxViewCalls as views,
  backofficeServiceTimeCalls as serviceTimes,
  inboxQueueText,
  inboxText,
  inboxViewsText,
  itemReference,
  type BulkResult,
  type InboxTableResponse,
  type InboxView,
  type ServiceTimes,
} from '@portal/contract';
import { expectFieldErrors } from '../../test/auth-helpers.js';
import { call } from '../../test/harness.js';
import { auditOf, inboxTable, insertOrder, insertSubmission, openInbox, readDetail, refOf, refsOf, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;
const items: Record<string, ItemRef> = {};

/** A Monday in March 2026 (CET, UTC+1) at 10:00 in Amsterdam. */
const monday = new Date('2026-03-02T09:00:00Z');
const hours = (from: Date, count: number) => new Date(from.getTime() + count * 3_600_000).toISOString();
/** A moment a few minutes ago: nothing received then is due yet. */
const justNow = () => new Date(Date.now() - 5 * 60_000);

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, baken } = world;
  items.question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Hoe?' }, { createdAt: monday });
  // The latest receipt day in winter time and in summer time: due at that day's midnight in Amsterdam.
  items.rollWinter = await insertSubmission(ctx, linde, 'ImmediateProduct', { patientId: linde.patientId, receiveDate: '2027-01-15' }, { createdAt: justNow() });
  items.rollSummer = await insertSubmission(ctx, baken, 'ImmediateProduct', { patientId: baken.patientId, receiveDate: '2026-07-01' }, { createdAt: monday, status: 'Processing' });
  items.rollBadDate = await insertSubmission(ctx, baken, 'ImmediateProduct', { receiveDate: '2026-02-30' }, { createdAt: justNow() });
  items.report = await insertSubmission(ctx, baken, 'ImperfectionOosterwolde', { patientId: baken.patientId }, { createdAt: justNow() });
  items.archived = await insertSubmission(ctx, linde, 'NewProduct', { drugName: 'X' }, { createdAt: monday, status: 'Archived' });
  items.order = await insertOrder(ctx, linde, { createdAt: justNow() });
});
afterAll(async () => {
  await world?.ctx.close();
});

const rowOf = async (item: ItemRef, body: Record<string, unknown> = {}) =>
  (await inboxTable(world, world.staff.Beheerder, { statuses: [], ...body })).items.find((row) => refOf(row) === refOf(item))!;

describe('the due moment', () => {
  it('is the receipt plus the kind’s default service time, overdue once past while open', async () => {
    expect(await rowOf(items.question!)).toMatchObject({ dueAt: hours(monday, 48), dueFrom: 'serviceTime', overdue: true });
    expect(await rowOf(items.order!)).toMatchObject({ dueFrom: 'serviceTime', overdue: false });
    // An archived item is done, however late.
    expect(await rowOf(items.archived!)).toMatchObject({ dueAt: hours(monday, 120), overdue: false });
  });

  it('is the start of a roll request’s latest receipt day in Amsterdam, winter and summer time', async () => {
    expect(await rowOf(items.rollWinter!)).toMatchObject({ dueAt: '2027-01-14T23:00:00.000Z', dueFrom: 'receiveDate', overdue: false });
    expect(await rowOf(items.rollSummer!)).toMatchObject({ dueAt: '2026-06-30T22:00:00.000Z', dueFrom: 'receiveDate', overdue: true });
    // A stored date that is no day falls back on the service time instead of failing the list.
    expect(await rowOf(items.rollBadDate!)).toMatchObject({ dueFrom: 'serviceTime', overdue: false });
  });

  it('shows on the item as in the list', async () => {
    const detail = await readDetail(world, world.staff.Klantenservice, items.rollSummer!);
    expect(detail).toMatchObject({ dueAt: '2026-06-30T22:00:00.000Z', dueFrom: 'receiveDate', overdue: true });
  });

  it('filters on "Te laat" and sorts on the due moment', async () => {
    const late = await inboxTable(world, world.staff.Beheerder, { overdue: true });
    expect(refsOf(late).sort()).toEqual([items.question!, items.rollSummer!].map(refOf).sort());
    const byDue = await inboxTable(world, world.staff.Beheerder, { sortBy: 'dueAt', descending: false, statuses: [] });
    const dues = byDue.items.map((row) => row.dueAt);
    expect(dues).toEqual([...dues].sort());
    expect(refOf(byDue.items[0]!)).toBe(refOf(items.question!));
  });

  it('says when a search finds late items that only the "Te laat" filter hides', async () => {
    // Linde's late question is shown; its roll request, order (not late) and archived item are not.
    const page = (await inboxTable(world, world.staff.Beheerder, { overdue: true, search: 'Linde' })) as InboxTableResponse;
    expect(refsOf(page)).toEqual([refOf(items.question!)]);
    expect(page.outsideFilters).toEqual({ count: 3, filters: ['overdue'] });
  });
});

describe('service times', () => {
  it('are the Beheerder’s to set: a new number moves the due moment, and each change is audited', async () => {
    const { Beheerder, Klantenservice } = world.staff;
    expect((await call(world.ctx, serviceTimes.get, { token: Klantenservice.token })).statusCode).toBe(403);
    expect((await call(world.ctx, serviceTimes.save, { token: Klantenservice.token, body: { times: [{ kind: 'NonFaqQuestion', hours: 8 }] } })).statusCode).toBe(403);

    const saved = await call(world.ctx, serviceTimes.save, { token: Beheerder.token, body: { times: [{ kind: 'NonFaqQuestion', hours: 8 }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ServiceTimes>().find((t) => t.kind === 'NonFaqQuestion')).toEqual({ kind: 'NonFaqQuestion', hours: 8, defaultHours: 48 });
    expect(await rowOf(items.question!)).toMatchObject({ dueAt: hours(monday, 8) });
    expect((await auditOf(world.ctx, 'Backoffice.ServiceTimeSave')).at(-1)).toMatchObject({ staff_id: Beheerder.id, object_id: 'NonFaqQuestion', details: { from: 48, to: 8 } });

    // Back to the default: the kind keeps no number of its own.
    await call(world.ctx, serviceTimes.save, { token: Beheerder.token, body: { times: [{ kind: 'NonFaqQuestion', hours: 48 }] } });
    expect(await rowOf(items.question!)).toMatchObject({ dueAt: hours(monday, 48) });
  });

  it('refuses hours outside their bounds with a field error', async () => {
    const res = await call(world.ctx, serviceTimes.save, { token: world.staff.Beheerder.token, body: { times: [{ kind: 'Photo', hours: 0 }] } });
    expectFieldErrors(res, 'times.0.hours', ['Minimaal 1']);
  });
});

describe('bulk acts', () => {
  const bulkAct = (call_: typeof bulk.assign | typeof bulk.setStatus, token: string, body: Record<string, unknown>) =>
    call(world.ctx, call_, { token, body }).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BulkResult>();
    });

  it('assigns every item it may, reports a refused one by its reference, and audits each', async () => {
    const { Klantenservice, Kwaliteit } = world.staff;
    const before = (await auditOf(world.ctx, 'Backoffice.InboxAssign')).length;
    // Kwaliteit sees imperfection reports only: the question cannot be theirs.
    const result = await bulkAct(bulk.assign, Klantenservice.token, { items: [items.report, items.question], assigneeId: Kwaliteit.id });
    expect(result.done).toEqual([items.report]);
    const question = await rowOf(items.question!);
    expect(result.refused).toEqual([{ ...items.question, reference: itemReference(question), message: inboxText.assigneeCannotSee }]);
    expect((await rowOf(items.report!)).assigneeId).toBe(Kwaliteit.id);
    expect(question.assigneeId).toBeNull();
    const audited = (await auditOf(world.ctx, 'Backoffice.InboxAssign')).slice(before);
    expect(audited.map((row) => row.object_id)).toEqual([String(items.report!.id)]);
  });

  it('sets a status by each item’s own rules: a New item cannot be archived, the rest is', async () => {
    const { Klantenservice } = world.staff;
    const result = await bulkAct(bulk.setStatus, Klantenservice.token, { items: [items.rollSummer, items.order], status: 'Archived' });
    expect(result.done).toEqual([items.rollSummer]);
    expect(result.refused).toMatchObject([{ ...items.order, message: inboxText.transitionRefused }]);
    expect(result.refused[0]!.reference).toMatch(/^BST-2026-/);
    expect((await rowOf(items.rollSummer!)).status).toBe('Archived');
    expect((await rowOf(items.order!)).status).toBe('New');
  });

  it('refuses what the role may not see or does not exist as unavailable, by its number', async () => {
    const result = await bulkAct(bulk.assign, world.staff.Kwaliteit.token, {
      items: [items.order, { itemKind: 'Submission', id: 999_999 }],
      assigneeId: world.staff.Kwaliteit.id,
    });
    expect(result.done).toEqual([]);
    expect(result.refused).toEqual([
      { ...items.order, reference: String(items.order!.id), message: inboxQueueText.itemUnavailable },
      { itemKind: 'Submission', id: 999_999, reference: '999999', message: inboxQueueText.itemUnavailable },
    ]);
  });

  it('takes at most 100 items', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ itemKind: 'Submission', id: i + 1 }));
    const res = await call(world.ctx, bulk.assign, { token: world.staff.Klantenservice.token, body: { items: many, assigneeId: null } });
    expectFieldErrors(res, 'items', ['Maximaal 100']);
  });
});

describe('the list around an item', () => {
  it('names the previous and next item in the list’s order, and nothing for an item outside it', async () => {
    const list = { statuses: [], sortBy: 'receivedAt', descending: false };
    const page = await inboxTable(world, world.staff.Beheerder, list);
    const [first, second, third] = page.items;
    const res = await call(world.ctx, queue.getNeighbours, { token: world.staff.Beheerder.token, body: { list, item: { itemKind: second!.itemKind, id: second!.id } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      previous: { itemKind: first!.itemKind, id: first!.id },
      next: { itemKind: third!.itemKind, id: third!.id },
      position: 2,
      total: page.total,
    });
    const outside = await call(world.ctx, queue.getNeighbours, { token: world.staff.Beheerder.token, body: { list: { kinds: ['Photo'] }, item: items.question } });
    expect(outside.json()).toEqual({ previous: null, next: null, position: null, total: 0 });
  });

  it('counts the items of the list that arrived after the time it answered before', async () => {
    const token = world.staff.Klantenservice.token;
    const first = await call(world.ctx, queue.countSince, { token, body: { list: {}, since: null } });
    const { asOf } = first.json<{ count: number; asOf: string }>();
    expect(first.json()).toMatchObject({ count: 0 });
    await insertSubmission(world.ctx, world.linde, 'NonFaqQuestion', { question: 'Nieuw?' });
    await insertSubmission(world.ctx, world.baken, 'Photo', { patientId: world.baken.patientId });
    const counted = async (list: Record<string, unknown>) =>
      (await call(world.ctx, queue.countSince, { token, body: { list, since: asOf } })).json<{ count: number }>().count;
    expect(await counted({})).toBe(2);
    expect(await counted({ kinds: ['Photo'] })).toBe(1);
    expect(await counted({ statuses: ['Archived'] })).toBe(0);
  });
});

describe('named views', () => {
  const save = (token: string, body: Record<string, unknown>) => call(world.ctx, views.save, { token, body });
  const list = async (token: string) => (await call(world.ctx, views.list, { token })).json<InboxView[]>();

  it('are each staff member’s own: kept, replaced by name, never shown to or removed by another', async () => {
    const { Klantenservice, Beheerder } = world.staff;
    const saved = await save(Klantenservice.token, { name: 'Te laat', query: '?overdue=1&sort=dueAt' });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<InboxView>();
    expect(view).toMatchObject({ name: 'Te laat', query: 'overdue=1&sort=dueAt' });
    await save(Klantenservice.token, { name: 'te laat', query: 'overdue=1' });
    expect(await list(Klantenservice.token)).toEqual([{ id: view.id, name: 'te laat', query: 'overdue=1' }]);

    expect(await list(Beheerder.token)).toEqual([]);
    expect((await call(world.ctx, views.remove, { token: Beheerder.token, body: { id: view.id } })).statusCode).toBe(404);
    expect(await list(Klantenservice.token)).toHaveLength(1);
    expect((await call(world.ctx, views.remove, { token: Klantenservice.token, body: { id: view.id } })).statusCode).toBe(204);
    expect(await list(Klantenservice.token)).toEqual([]);
  });

  it('needs a name', async () => {
    expectFieldErrors(await save(world.staff.Kwaliteit.token, { name: ' ', query: '' }), 'name', [inboxViewsText.nameRequired]);
  });
});
