import { describe, expect, it } from 'vitest';
import { calls, packingOrderTableColumns, tableDefaults, type PackingOrderRow } from '@portal/contract';
import { packingOrders } from '../../db/schema.js';
import { describeTableCall, tableReader } from '../../test/table-call.js';
import { useTableCustomers } from '../../test/table-customers.js';
import { reelStatusLabels, reelStatuses, type ReelStatus } from './reel-status.js';

const getTable = calls.packingOrder.getOrderFulfillmentsTable;

const departmentNames = ['Woonzorgcentrum Élan', 'Thuiszorg Noord', 'zorghuis De Es'];
// [facility index (0 = the harness's 'Afdeling A'), patients, bags, status, order date]
const orders: [number, number, number, ReelStatus, string][] = [
  [0, 12, 84, 'Delivered', '2026-09-01'],
  [1, 3, 21, 'Delivered', '2026-09-08'],
  [2, 40, 280, 'Shipped', '2026-09-15'],
  [3, 7, 49, 'Cancelled', '2026-09-22'],
  [0, 12, 80, 'Packed', '2026-09-29'],
  [1, 4, 28, 'InProduction', '2026-10-06'],
  [2, 41, 287, 'InProduction', '2026-10-13'],
  [3, 8, 56, 'Received', '2026-10-20'],
  [0, 11, 77, 'Received', '2026-10-27'],
  [1, 5, 35, 'Shipped', '2026-11-03'],
  [2, 39, 273, 'Packed', '2026-11-10'],
];

const table = useTableCustomers(departmentNames, ['Verpleeghuis Andermans'], ({ ctx, own, other, ownDepartments, otherDepartments }) =>
  ctx.database.ownerDb.insert(packingOrders).values([
    ...orders.map(([f, patientCount, bagCount, reelStatus, orderDate]) => ({
      customerId: own.id,
      departmentId: ownDepartments[f]!,
      patientCount,
      bagCount,
      reelStatus,
      orderDate,
    })),
    { customerId: other.id, departmentId: otherDepartments[1]!, patientCount: 99, bagCount: 999, reelStatus: 'Shipped', orderDate: '2026-11-20' },
    { customerId: other.id, departmentId: otherDepartments[0]!, patientCount: 98, bagCount: 998, reelStatus: 'Received', orderDate: '2026-11-21' },
  ]),
);

const rows = tableReader<PackingOrderRow>(table, getTable);

const collator = new Intl.Collator('nl');
const statusRank = (label: string) => reelStatuses.findIndex((s) => reelStatusLabels[s] === label);
const compare: Record<(typeof packingOrderTableColumns)[number], (a: PackingOrderRow, b: PackingOrderRow) => number> = {
  facility: (a, b) => collator.compare(a.facility, b.facility),
  patientCount: (a, b) => a.patientCount - b.patientCount,
  bagCount: (a, b) => a.bagCount - b.bagCount,
  reelStatusText: (a, b) => statusRank(a.reelStatusText) - statusRank(b.reelStatusText),
  orderDate: (a, b) => a.orderDate.localeCompare(b.orderDate),
};

describeTableCall(
  {
    call: getTable,
    columns: packingOrderTableColumns,
    defaults: tableDefaults.packingOrders,
    total: orders.length,
    compare,
    folding: { term: 'Élan', found: 3 },
    other: { term: 'andermans', total: 2 },
  },
  () => table,
);

describe('Order/GetOrderFulfillmentsTable', () => {
  it('answers the own packing orders, newest first, with Dutch status labels', async () => {
    const { total, items } = await rows({});
    expect(total).toBe(orders.length);
    expect(items.map((r) => r.orderDate)).toEqual(orders.map((o) => o[4]).reverse());
    expect(items[0]).toEqual({ facility: 'Thuiszorg Noord', patientCount: 39, bagCount: 273, reelStatusText: 'Ingepakt', orderDate: '2026-11-10' });
    expect(new Set(items.map((r) => r.reelStatusText))).toEqual(new Set(Object.values(reelStatusLabels)));
  });

  it('sorts the facility in Dutch order, accents and case aside', async () => {
    const departmentsUp = (await rows({ sortBy: 'facility' })).items.map((r) => r.facility);
    expect([...new Set(departmentsUp)]).toEqual(['Afdeling A', 'Thuiszorg Noord', 'Woonzorgcentrum Élan', 'zorghuis De Es']);
  });

  it('searches the facility', async () => {
    const elan = await rows({ search: 'ELAN' });
    expect(new Set(elan.items.map((r) => r.facility))).toEqual(new Set(['Woonzorgcentrum Élan']));
    expect((await rows({ search: 'woonzorgcentrum élan' })).total).toBe(3);
    expect((await rows({ search: '  thuiszorg  ' })).total).toBe(3);
  });

  it('searches the status by its Dutch label', async () => {
    const inProduction = await rows({ search: 'In PRODUCTIE' });
    expect(inProduction.items.map((r) => r.reelStatusText)).toEqual(['In productie', 'In productie']);
    const shipped = await rows({ search: 'verzond' });
    expect(shipped.items.map((r) => r.orderDate)).toEqual(['2026-11-03', '2026-09-15']);
    // 'es' is in the facility 'De Es' and in no label: only that facility's orders.
    const es = await rows({ search: 'es' });
    expect(es.total).toBe(2);
    expect(new Set(es.items.map((r) => r.facility))).toEqual(new Set(['zorghuis De Es']));
    expect((await rows({ search: 'onbekend' })).total).toBe(0);
  });

  it('shows the other customer only its own packing orders', async () => {
    const other = await rows({}, table.otherToken);
    expect(other.items.map((r) => r.facility)).toEqual(['Afdeling A', 'Verpleeghuis Andermans']);
    expect((await rows({ search: 'ontvangen' }, table.otherToken)).total).toBe(1);
  });
});
