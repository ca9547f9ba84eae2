import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type AssortmentRow, type CallDefinition, type TableResponse } from '@portal/contract';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoCustomers, seedDemoData } from '../demo/seed.js';
import { fold } from '../lib/tables.js';
import { call, createTestContext, type TestContext } from './harness.js';
import { login } from './auth-helpers.js';
import { demoFacts } from './demo-facts.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // As the browser tests have it: seeded today.
  await seedDemoData(ctx.database, { totpKey: ctx.totpKey });
  token = (await login(ctx, { emailAddress: demoFacts.accounts.administrator.email, password: demoFacts.password })).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const table = async <Row>(def: CallDefinition, body: Record<string, unknown>) => {
  const res = await call(ctx, def, { body: { rowsPerPage: 100, ...body }, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<Row>>();
};

describe('the demo facts', () => {
  it('name the seed’s password, TOTP secret, customers and accounts', () => {
    expect(demoFacts.password).toBe(DEMO_PASSWORD);
    expect(demoFacts.totpSecret).toBe(DEMO_TOTP_SECRET);
    const [customer, other] = demoCustomers;
    expect({ code: customer!.clientCode, name: customer!.name, facilities: customer!.facilities }).toEqual(demoFacts.customer);
    expect({ code: other!.clientCode, name: other!.name }).toEqual(demoFacts.otherCustomer);
    const account = (client: (typeof demoCustomers)[number], n: number) => ({
      email: client.accounts[n]!.emailAddress,
      firstName: client.accounts[n]!.firstName,
    });
    expect(demoFacts.accounts).toEqual({
      administrator: account(customer!, 0),
      employee: account(customer!, 1),
      twoFactor: account(other!, 0),
      otherCustomerEmployee: account(other!, 1),
    });
    expect(customer!.accounts.map((a) => [a.pharmacistType, a.totp === true])).toEqual([
      ['Administrator', false],
      ['Employee', false],
    ]);
    expect(other!.accounts.map((a) => [a.pharmacistType, a.totp === true])).toEqual([
      ['Administrator', true],
      ['Employee', false],
    ]);
  });

  it('hold for the seeded assortment: its size, an accented name, products that can and cannot be halved', async () => {
    const assortment = await table<AssortmentRow>(calls.assortment.getDrugTable, { search: '' });
    expect(assortment.total).toBe(demoFacts.assortment.size);
    const accented = await table<AssortmentRow>(calls.assortment.getDrugTable, { search: fold(demoFacts.assortment.accentedName) });
    expect(accented.total).toBeGreaterThan(0);
    expect(accented.items.every((p) => p.longName.startsWith(demoFacts.assortment.accentedName))).toBe(true);
    const all = [1, 2].map(async (page) => (await table<AssortmentRow>(calls.assortment.getDrugTable, { page })).items);
    const halvable = (await Promise.all(all)).flat().map((p) => /ERROR/i.test(p.splitDescription));
    expect(new Set(halvable)).toEqual(new Set([true, false]));
  });

  it.each([
    ['packing orders', calls.packingOrder.getOrderFulfillmentsTable, demoFacts.searches.facility],
    ['delivery schedules', calls.deliverySchedule.getOrderFulfillmentSchedulesTable, demoFacts.searches.facility],
    ['invoices', calls.invoice.getInvoiceTable, demoFacts.searches.month],
  ])('hold for the %s: the search finds some rows, not all', async (_, def, search) => {
    const all = await table(def, {});
    const found = await table(def, { search });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
  });
});
