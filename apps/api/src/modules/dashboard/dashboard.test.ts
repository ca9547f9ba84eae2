import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCalls, type DashboardSummary } from '@portal/contract';
import { deliverySchedules, formSubmissions, invoices, packingOrders } from '../../db/schema.js';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { departmentsOf } from '../../test/table-customers.js';

let ctx: TestContext;
/** Wednesday 25 November 2026, 09:00 in Amsterdam (08:00 UTC); each test sets the moment it needs. */
let now = new Date('2026-11-25T08:00:00Z');
let token: string;
let colleagueToken: string;
let emptyToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => now });
  const db = ctx.database.ownerDb;
  const own = await createCustomer(ctx);
  const other = await createCustomer(ctx, 'Andere zorggroep');
  const empty = await createCustomer(ctx, 'Nieuwe klant');
  // 0 = the harness's 'Afdeling A'
  const [a, noord, elan, , duinzicht] = await departmentsOf(ctx, own, ['Thuiszorg Noord', 'Woonzorgcentrum Élan', 'Zeeroos', 'Duinzicht']);
  const otherDepartment = other.departmentId;
  const me = await createAccount(ctx, own);
  const colleague = await createAccount(ctx, own);
  token = (await login(ctx, me)).accessToken;
  colleagueToken = (await login(ctx, colleague)).accessToken;
  emptyToken = (await login(ctx, await createAccount(ctx, empty))).accessToken;

  const schedule = (customerId: string, departmentId: number, arrivalDay: number, arrivalTime: string) => ({
    customerId,
    departmentId,
    arrivalDay,
    arrivalTime,
    shipmentDay: arrivalDay === 1 ? 7 : arrivalDay - 1,
    shipmentTime: '16:00',
  });
  await db.insert(deliverySchedules).values([
    schedule(own.id, a!, 3, '08:30'), // today, already passed: next week's, but Friday comes sooner
    schedule(own.id, a!, 5, '07:00'),
    schedule(own.id, noord!, 3, '10:00'), // today, still to come
    schedule(own.id, elan!, 1, '8:00'), // stored without a leading zero
    schedule(own.id, duinzicht!, 3, '09:00'), // today, exactly now: gone
    schedule(other.id, otherDepartment, 3, '09:30'),
  ]);

  const order = (customerId: string, departmentId: number, reelStatus: string, orderDate: string) => ({
    customerId,
    departmentId,
    patientCount: 10,
    bagCount: 70,
    reelStatus,
    orderDate,
  });
  await db.insert(packingOrders).values([
    order(own.id, noord!, 'InProduction', '2026-11-20'),
    order(own.id, a!, 'InProduction', '2026-11-18'),
    order(own.id, elan!, 'InProduction', '2026-11-23'),
    order(own.id, a!, 'Delivered', '2026-11-01'),
    order(own.id, a!, 'Received', '2026-11-24'),
    order(other.id, otherDepartment, 'InProduction', '2026-11-10'),
  ]);

  await db.insert(invoices).values([
    { customerId: own.id, processedMonth: '2026-09-01', invoiceAmount: 1200.5, paymentStatus: 'Paid' },
    { customerId: own.id, processedMonth: '2026-10-01', invoiceAmount: 987.65, paymentStatus: 'Open', invoiceNumber: 'F2026-1010' },
    { customerId: other.id, processedMonth: '2026-11-01', invoiceAmount: 5, paymentStatus: 'Open' },
  ]);

  const sent = (customerId: string, accountId: number | null, kind: string, times: number, createdAt = new Date('2026-10-01T10:00:00Z')) =>
    Array.from({ length: times }, () => ({ customerId, accountId, kind, payload: {}, createdAt }));
  await db.insert(formSubmissions).values([
    ...sent(own.id, me.id, 'Photo', 1),
    ...sent(own.id, me.id, 'ImmediateProduct', 1),
    ...sent(own.id, me.id, 'NonFaqQuestion', 5), // a question is not a form of the menu
    ...sent(own.id, colleague.id, 'NewProduct', 3),
    ...sent(own.id, colleague.id, 'Photo', 2),
    ...sent(own.id, colleague.id, 'ImperfectionOosterwolde', 1),
    ...sent(own.id, null, 'OfflineAssortment', 1), // by an account since removed: still the customer's
    ...sent(own.id, me.id, 'Imperfection', 6, new Date('2025-10-01T10:00:00Z')), // more than a year ago
    ...sent(other.id, null, 'ImperfectionAlkmaar', 9),
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

async function summary(as = token): Promise<DashboardSummary> {
  const res = await call(ctx, dashboardCalls.getSummary, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardSummary>();
}

describe('Dashboard/GetSummary', () => {
  it('answers per department its next delivery, soonest first, counted from now in Amsterdam', async () => {
    now = new Date('2026-11-25T08:00:00Z');
    expect((await summary()).nextDeliveries).toEqual({
      total: 4,
      items: [
        { facility: 'Thuiszorg Noord', date: '2026-11-25', time: '10:00' },
        { facility: 'Afdeling A', date: '2026-11-27', time: '07:00' },
        { facility: 'Woonzorgcentrum Élan', date: '2026-11-30', time: '08:00' },
        { facility: 'Duinzicht', date: '2026-12-02', time: '09:00' },
      ],
    });
  });

  it('moves a delivery of today to next week once its time has come, and counts days in Amsterdam, not UTC', async () => {
    now = new Date('2026-11-25T09:00:00Z'); // 10:00 in Amsterdam
    expect((await summary()).nextDeliveries.items[0]).toEqual({ facility: 'Afdeling A', date: '2026-11-27', time: '07:00' });
    now = new Date('2026-11-25T23:30:00Z'); // already Thursday 00:30 in Amsterdam
    expect((await summary()).nextDeliveries.items.map((d) => [d.facility, d.date])).toEqual([
      ['Afdeling A', '2026-11-27'],
      ['Woonzorgcentrum Élan', '2026-11-30'],
      ['Duinzicht', '2026-12-02'],
      ['Thuiszorg Noord', '2026-12-02'],
    ]);
    now = new Date('2026-11-25T08:00:00Z');
  });

  it('answers the own packing orders in production, the longest waiting first', async () => {
    const { inProduction } = await summary();
    expect(inProduction.total).toBe(3);
    expect(inProduction.items.map((o) => [o.facility, o.orderDate, o.reelStatusText])).toEqual([
      ['Afdeling A', '2026-11-18', 'In productie'],
      ['Thuiszorg Noord', '2026-11-20', 'In productie'],
      ['Woonzorgcentrum Élan', '2026-11-23', 'In productie'],
    ]);
  });

  it('answers the newest own invoice as the invoice table shows it', async () => {
    expect((await summary()).latestInvoice).toMatchObject({
      processedMonth: '2026-10-01',
      invoiceAmount: 987.65,
      invoiceNumber: 'F2026-1010',
      paymentStatus: 'Open',
    });
  });

  it("answers the forms this account sent most in the last year, then its colleagues', never questions", async () => {
    expect((await summary()).frequentForms).toEqual(['Photo', 'ImmediateProduct', 'NewProduct', 'ImperfectionOosterwolde']);
    expect((await summary(colleagueToken)).frequentForms).toEqual(['NewProduct', 'Photo', 'ImperfectionOosterwolde', 'ImmediateProduct']);
  });

  it('answers empty lists for a customer without data', async () => {
    expect(await summary(emptyToken)).toEqual({
      nextDeliveries: { total: 0, items: [] },
      inProduction: { total: 0, items: [] },
      latestInvoice: null,
      frequentForms: [],
    });
  });

  it('needs a login', async () => {
    expectProblem(await call(ctx, dashboardCalls.getSummary, {}), 401);
  });
});
