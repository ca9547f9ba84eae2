import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeInboxContextCalls as context, itemReference, type InboxCustomerContext } from '@portal/contract';
import { call, createAccount } from '../../test/harness.js';
import { expectProblem } from '../../test/auth-helpers.js';
import { auditOf, insertOrder, insertSubmission, openInbox, type Colleague, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  world = await openInbox();
});
afterAll(async () => {
  await world?.ctx.close();
});

const ask = (as: Colleague, item: ItemRef | { itemKind: string; id: string | number }) =>
  call(world.ctx, context.get, { token: as.token, query: { ItemKind: item.itemKind, Id: String(item.id) } });

async function contextOf(as: Colleague, item: ItemRef): Promise<InboxCustomerContext> {
  const res = await ask(as, item);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxCustomerContext>();
}

describe('the customer beside an inbox item', () => {
  let current: ItemRef;
  let olderQuestion: ItemRef;
  let report: ItemRef;
  let otherReport: ItemRef;
  let processingOrder: ItemRef;
  const orders: ItemRef[] = [];

  beforeAll(async () => {
    const { ctx, linde, baken } = world;
    await ctx.database.ownerDb.execute(sql`update clients set address = 'Lindelaan 4', postal_code = '1234 AB', city = 'Lindeburg' where id = ${linde.id}`);
    await createAccount(ctx, linde, { type: 'Employee', firstName: 'Eva', emailAddress: 'eva@linde.test' });
    await createAccount(ctx, linde, { type: 'Administrator', firstName: 'Anna', emailAddress: 'anna@linde.test', active: false });
    current = await insertSubmission(ctx, linde, 'NewProduct', { drugName: 'Apixaban' }, { createdAt: daysAgo(1) });
    olderQuestion = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Over mevrouw Jansen' }, { createdAt: daysAgo(3), status: 'Processing' });
    otherReport = await insertSubmission(ctx, linde, 'ImperfectionAlkmaar', { patientId: linde.patientId }, { createdAt: daysAgo(2.5) });
    report = await insertSubmission(ctx, linde, 'Imperfection', { patientId: linde.patientId }, { createdAt: daysAgo(2) });
    // Neither an archived item, nor another customer's, is among the open items.
    await insertSubmission(ctx, linde, 'Photo', { patientId: linde.patientId }, { createdAt: daysAgo(4), status: 'Archived' });
    await insertSubmission(ctx, baken, 'NonFaqQuestion', { question: 'Van Het Baken' }, { createdAt: daysAgo(5) });
    await insertOrder(ctx, baken, { createdAt: daysAgo(1) });
    for (let i = 6; i >= 1; i -= 1) orders.push(await insertOrder(ctx, linde, { createdAt: daysAgo(10 * i), status: 'Archived' }));
    processingOrder = await insertOrder(ctx, linde, { createdAt: daysAgo(0.5), status: 'Processing' });
  });

  it("answers the customer's other open items, newest orders, contact details and administrators, audited", async () => {
    const { ctx, linde, staff } = world;
    const answer = await contextOf(staff.Klantenservice, current);

    expect(answer.customer).toEqual({
      id: linde.id,
      clientCode: linde.clientCode,
      name: 'Apotheek De Linde',
      kind: 'Pharmacy',
      address: 'Lindelaan 4',
      postalCode: '1234 AB',
      city: 'Lindeburg',
      isActive: true,
    });
    // Oldest first; the item itself, the archived one and Het Baken's are not there.
    expect(answer.openItems.map((i) => [`${i.itemKind}:${i.id}`, i.kind, i.status])).toEqual([
      [`Submission:${olderQuestion.id}`, 'NonFaqQuestion', 'Processing'],
      [`Submission:${otherReport.id}`, 'ImperfectionAlkmaar', 'New'],
      [`Submission:${report.id}`, 'Imperfection', 'New'],
      [`ServiceOrder:${processingOrder.id}`, 'ServiceOrder', 'Processing'],
    ]);
    expect(answer.openItems[0]!.ageDays).toBeGreaterThanOrEqual(2);
    expect(answer.openItemCount).toBe(4);
    // The five newest orders of any status, newest first.
    expect(answer.recentOrders?.map((o) => o.id)).toEqual([processingOrder.id, ...orders.slice(-4).reverse().map((o) => o.id)]);
    expect(answer.recentOrders?.[0]).toMatchObject({ status: 'Processing', totalPrice: 37 });
    // Administrators only, an inactive one marked; the employee is not one.
    expect(answer.administrators).toEqual([
      { name: 'Anna Pieters', emailAddress: 'anna@linde.test', isActive: false },
      { name: 'Sanne Pieters', emailAddress: linde.account.emailAddress, isActive: true },
    ]);

    expect((await auditOf(ctx, 'Backoffice.InboxContextRead')).at(-1)).toMatchObject({
      staff_id: staff.Klantenservice.id,
      client_id: linde.id,
      patient_ids: null,
      object_id: linde.id,
    });
  });

  it('names other items by reference and kind only: no patient, no content', async () => {
    const res = await ask(world.staff.Beheerder, current);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/Jansen|Jan |1940|mevrouw|Apixaban|patient/i);
    const first = res.json<InboxCustomerContext>().openItems[0]!;
    expect(itemReference(first)).toMatch(/^AAN-\d{4}-0*\d+$/);
  });

  it('shows Kwaliteit imperfection reports only, and neither orders nor accounts', async () => {
    const { staff } = world;
    const answer = await contextOf(staff.Kwaliteit, report);
    expect(answer.openItems.map((i) => `${i.itemKind}:${i.id}`)).toEqual([`Submission:${otherReport.id}`]);
    expect(answer.openItemCount).toBe(1);
    expect(answer.recentOrders).toBeNull();
    expect(answer.administrators).toBeNull();
    expect(answer.customer.name).toBe('Apotheek De Linde');
    // Through an item it may not see, it learns nothing of the customer.
    expectProblem(await ask(staff.Kwaliteit, current), 404);
  });

  it('refuses an unknown item, bad input and a request without a staff session', async () => {
    const { staff, linde } = world;
    expectProblem(await ask(staff.Beheerder, { itemKind: 'Submission', id: 2_000_000_000 }), 404);
    expectProblem(await ask(staff.Beheerder, { itemKind: 'Formulier', id: current.id }), 400);
    expectProblem(await ask(staff.Beheerder, { itemKind: 'Submission', id: 'abc' }), 400);
    expectProblem(await call(world.ctx, context.get, { token: linde.token, query: { ItemKind: 'Submission', Id: String(current.id) } }), 401);
  });
});
