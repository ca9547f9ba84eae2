import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  calls,
  serviceProductOrderTableColumns,
  tableDefaults,
  type InboxStatus,
  type ServiceProductOrderListRow,
  type ServiceProductOrderTableColumn,
  type TableResponse,
} from '@portal/contract';
import { serviceProducts } from '../../db/schema.js';
import { call, createAccount, createClient, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { describeTableCall } from '../../test/table-call.js';
import { orderStatuses } from './order-status.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
let otherOrderId: number;
const getTable = calls.serviceProductOrder.getServiceProductOrderTable;

/** Orders of the own customer: Thomas's first (the oldest is archived), then Zoë's, then Annemieke's, the newest. */
const ordersBy = { Thomas: 34, Zoë: 1, Annemieke: 1 } as const;
const ownTotal = Object.values(ordersBy).reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  const client = await createClient(ctx, 'Apotheek De Linde');
  const other = await createClient(ctx, 'Zorggroep Het Baken');
  const [product] = await ctx.database.ownerDb
    .insert(serviceProducts)
    .values({ articleCode: 'SP-1002', name: 'Printerrol', description: '80 mm', price: 0.1 })
    .returning({ id: serviceProducts.id });
  const order = async (bearer: string) => {
    const res = await call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
      body: { orderRows: [{ serviceProductId: product!.id, amount: 1 }] },
      token: bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ serviceProductOrderId: number }>().serviceProductOrderId;
  };
  for (const [firstName, count] of Object.entries(ordersBy)) {
    const orderer = (await login(ctx, await createAccount(ctx, client, { type: 'Employee', firstName }))).accessToken;
    for (let n = 0; n < count; n += 1) await order(orderer);
    token = orderer;
  }
  otherToken = (await login(ctx, await createAccount(ctx, other, { firstName: 'Petra' }))).accessToken;
  otherOrderId = await order(otherToken);
  await ctx.database.ownerDb.execute(sql`
    update service_product_orders set status = 'Archived'
    where client_id = ${client.id} and id = (select min(id) from service_product_orders where client_id = ${client.id})`);
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: unknown) => (await call(ctx, getTable, { body, token })).json<TableResponse<ServiceProductOrderListRow>>();

const collator = new Intl.Collator('nl');
const statusRank = (row: ServiceProductOrderListRow) => orderStatuses.indexOf(row.status as InboxStatus);
describeTableCall<ServiceProductOrderListRow, ServiceProductOrderTableColumn>(
  {
    call: getTable,
    columns: serviceProductOrderTableColumns,
    defaults: tableDefaults.serviceProductOrders,
    total: ownTotal,
    compare: {
      serviceProductOrderId: (a, b) => a.serviceProductOrderId - b.serviceProductOrderId,
      requesterName: (a, b) => collator.compare(a.requesterName, b.requesterName),
      status: (a, b) => statusRank(a) - statusRank(b),
    },
    folding: { term: 'Zoë Pieters', found: 1 },
    other: { term: 'petra', total: 1 },
  },
  () => ({ ctx, token, otherToken }),
);

describe('ServiceProductOrder/GetServiceProductOrderTable', () => {
  it('defaults to 30 rows, newest first, only the own customer', async () => {
    const page = await table({});
    expect(page.total).toBe(ownTotal);
    expect(page.items).toHaveLength(30);
    const ids = page.items.map((row) => row.serviceProductOrderId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).not.toContain(otherOrderId);
    expect(page.items[0]).toEqual({
      serviceProductOrderId: expect.any(Number),
      requesterName: 'Annemieke Pieters',
      status: 'New',
      createDate: expect.stringMatching(/Z$/),
    });
    const second = await table({ page: 2 });
    expect(second.items).toHaveLength(ownTotal - 30);
    expect(second.items[0]!.serviceProductOrderId).toBeLessThan(ids.at(-1)!);
  });

  it('sorts the status in the order an order passes through', async () => {
    expect((await table({ sortBy: 'serviceProductOrderId', rowsPerPage: 5 })).items[0]!.status).toBe('Archived');
    expect((await table({ sortBy: 'status', descending: true, rowsPerPage: 5 })).items[0]!.status).toBe('Archived');
  });

  it('searches the name, the status label and the order number', async () => {
    expect((await table({ search: 'annemiek' })).items.map((r) => r.requesterName)).toEqual(['Annemieke Pieters']);
    expect((await table({ search: 'zoe' })).items.map((r) => r.requesterName)).toEqual(['Zoë Pieters']);
    expect((await table({ search: 'afgehan' })).items.map((r) => r.status)).toEqual(['Archived']);
    const third = (await table({ rowsPerPage: 5 })).items[2]!.serviceProductOrderId;
    expect((await table({ search: String(third) })).items.map((r) => r.serviceProductOrderId)).toEqual([third]);
    expect(await table({ search: String(otherOrderId) })).toEqual({ total: 0, items: [] });
  });
});
