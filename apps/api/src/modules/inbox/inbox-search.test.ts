import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemReference, serviceOrderReference, type InboxTableResponse } from '@portal/contract';
import { insertOrder, insertSubmission, openInbox, refOf, refsOf, type Colleague, type InboxWorld, type ItemRef } from './test-support.js';
import { call } from '../../test/harness.js';
import { backofficeInboxCalls as inbox } from '@portal/contract';

/**
 * The inbox's search (issue 30.1–2): one reference per item (AAN-, MEL-, BST-), and a search that looks in every
 * status and says which filter hid what it found.
 */
let world: InboxWorld;
const items: Record<string, ItemRef> = {};
const march = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T09:00:00Z`);

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, baken } = world;
  items.question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Waar blijft de levering voor Duinzicht?' }, { createdAt: march(1) });
  items.archived = await insertSubmission(ctx, baken, 'NewProduct', { drugName: 'Zeldzamicine' }, { createdAt: march(4), status: 'Archived' });
  items.report = await insertSubmission(ctx, baken, 'ImperfectionOosterwolde', { patientId: baken.patientId }, { createdAt: march(6), status: 'Archived' });
  items.order = await insertOrder(ctx, linde, { createdAt: march(5) });
});
afterAll(async () => {
  await world?.ctx.close();
});

async function search(as: Colleague, body: Record<string, unknown>): Promise<InboxTableResponse> {
  const res = await call(world.ctx, inbox.getTable, { token: as.token, body: { rowsPerPage: 100, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxTableResponse>();
}

describe('one reference per item', () => {
  it('names a service order BST- and a submission AAN- or MEL-, never one for the other', async () => {
    const b = world.staff.Beheerder;
    const order = items.order!;
    const bst = serviceOrderReference(order.id, march(5));
    expect(bst).toBe(`BST-2026-${String(order.id).padStart(6, '0')}`);
    expect(refsOf(await search(b, { search: bst, statuses: [] }))).toEqual([refOf(order)]);
    expect(refsOf(await search(b, { search: bst.toLowerCase().replace(/-/g, ' '), statuses: [] }))).toEqual([refOf(order)]);
    // The same number as a submission's reference finds no order.
    expect(refsOf(await search(b, { search: `AAN-2026-${order.id}`, statuses: [] }))).not.toContain(refOf(order));
    expect(itemReference({ itemKind: 'Submission', kind: 'ImperfectionOosterwolde', id: 7, receivedAt: march(6) })).toBe('MEL-2026-000007');
    expect(itemReference({ itemKind: 'Submission', kind: 'NewProduct', id: 7, receivedAt: march(6) })).toBe('AAN-2026-000007');
  });
});

describe('a search that finds what the filters hide', () => {
  it('on the default view, finds an archived item by its reference and says the status filter hid it', async () => {
    const b = world.staff.Beheerder;
    const reference = itemReference({ ...items.archived!, kind: 'NewProduct', receivedAt: march(4) });
    const page = await search(b, { search: reference });
    expect(page.items).toEqual([]);
    expect(page.outsideFilters).toEqual({ count: 1, filters: ['statuses'] });
    // Shown with every status, it is there.
    expect(refsOf(await search(b, { search: reference, statuses: [] }))).toEqual([refOf(items.archived!)]);
  });

  it("looks in the customer's text and names each filter that alone hides a result", async () => {
    const b = world.staff.Beheerder;
    const found = await search(b, { search: 'zeldzamicine', kinds: ['NonFaqQuestion'] });
    expect(found.items).toEqual([]);
    expect(found.outsideFilters).toEqual({ count: 1, filters: ['statuses', 'kinds'] });
    // The question's text is searched too, and is within the default view: nothing is hidden.
    const duinzicht = await search(b, { search: 'duinzicht' });
    expect(refsOf(duinzicht)).toEqual([refOf(items.question!)]);
    expect(duinzicht.outsideFilters).toBeNull();
  });

  it('says nothing without a search, and counts only what the role may see', async () => {
    expect((await search(world.staff.Beheerder, {})).outsideFilters).toBeNull();
    // Kwaliteit sees the archived report when it searches the customer, but never the order or the new-product request.
    const kwaliteit = await search(world.staff.Kwaliteit, { search: 'het baken' });
    expect(kwaliteit.items).toEqual([]);
    expect(kwaliteit.outsideFilters).toEqual({ count: 1, filters: ['statuses'] });
  });
});
