import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  calls,
  serviceProductOrderTableColumns,
  tableDefaults,
  type InboxStatus,
  type ServiceProductOrderListRow,
  type ServiceProductOrderTableColumn,
} from '@portal/contract';
import { call, createAccount, createCustomer, createTestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { describeTableCall, tableReader } from '../../test/table-call.js';
import { useOpened } from '../../test/use-opened.js';
import { insertServiceProducts } from './test-support.js';
import { orderStatuses } from './order-status.js';

const getTable = calls.serviceProductOrder.getServiceProductOrderTable;

/** Orders of the own customer: Thomas's first (the oldest is archived), then Zoë's, then Annemieke's, the newest. */
const ordersBy = { Thomas: 34, Zoë: 1, Annemieke: 1 } as const;
const ownTotal = Object.values(ordersBy).reduce((sum, n) => sum + n, 0);

const table = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const ids = await insertServiceProducts(ctx, [{ articleCode: 'SP-1002', name: 'Printerrol', description: '80 mm', price: 0.1 }]);
  const order = async (bearer: string) => {
    const res = await call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
      body: { orderRows: [{ serviceProductId: ids['SP-1002'], amount: 1 }] },
      token: bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ serviceProductOrderId: number }>().serviceProductOrderId;
  };
  // The own token is that of the last orderer (Annemieke).
  let token = '';
  for (const [firstName, count] of Object.entries(ordersBy)) {
    token = (await login(ctx, await createAccount(ctx, client, { type: 'Employee', firstName }))).accessToken;
    for (let n = 0; n < count; n += 1) await order(token);
  }
  const otherToken = (await login(ctx, await createAccount(ctx, other, { firstName: 'Petra' }))).accessToken;
  const otherOrderId = await order(otherToken);
  await ctx.database.ownerDb.execute(sql`
    update service_product_orders set status = 'Archived'
    where client_id = ${client.id} and id = (select min(id) from service_product_orders where client_id = ${client.id})`);
  return { ctx, token, otherToken, otherOrderId };
});

const rows = tableReader<ServiceProductOrderListRow>(table, getTable);

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
  () => table,
);

describe('ServiceProductOrder/GetServiceProductOrderTable', () => {
  it('defaults to 30 rows, newest first, only the own customer', async () => {
    const page = await rows({});
    expect(page.total).toBe(ownTotal);
    expect(page.items).toHaveLength(30);
    const ids = page.items.map((row) => row.serviceProductOrderId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).not.toContain(table.otherOrderId);
    expect(page.items[0]).toEqual({
      serviceProductOrderId: expect.any(Number),
      requesterName: 'Annemieke Pieters',
      status: 'New',
      createDate: expect.stringMatching(/Z$/),
    });
    const second = await rows({ page: 2 });
    expect(second.items).toHaveLength(ownTotal - 30);
    expect(second.items[0]!.serviceProductOrderId).toBeLessThan(ids.at(-1)!);
  });

  it('sorts the status in the order an order passes through', async () => {
    expect((await rows({ sortBy: 'serviceProductOrderId', rowsPerPage: 5 })).items[0]!.status).toBe('Archived');
    expect((await rows({ sortBy: 'status', descending: true, rowsPerPage: 5 })).items[0]!.status).toBe('Archived');
  });

  it('searches the name, the status label and the order number', async () => {
    expect((await rows({ search: 'annemiek' })).items.map((r) => r.requesterName)).toEqual(['Annemieke Pieters']);
    expect((await rows({ search: 'zoe' })).items.map((r) => r.requesterName)).toEqual(['Zoë Pieters']);
    expect((await rows({ search: 'gearchiv' })).items.map((r) => r.status)).toEqual(['Archived']);
    const third = (await rows({ rowsPerPage: 5 })).items[2]!.serviceProductOrderId;
    expect((await rows({ search: String(third) })).items.map((r) => r.serviceProductOrderId)).toEqual([third]);
    expect(await rows({ search: String(table.otherOrderId) })).toEqual({ total: 0, items: [] });
  });
});
