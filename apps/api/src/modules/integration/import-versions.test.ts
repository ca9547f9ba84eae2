import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importRowText, type ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';

/** Issue 29.4: versions that hold, and a batch's status that says what became of its rows. */
let ctx: TestContext;
let erp: TestIntegration;
beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers', 'departments', 'packing-orders']);
});
afterAll(() => ctx.close());

const customer = `VER-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
const send = async (kind: 'customers' | 'departments' | 'packing-orders', rows: unknown[]) => {
  const res = await sendBatch(ctx, erp.token, kind, rows);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportRunSummary>();
};
const order = (version: string, bagCount: number) => ({ customer, key: 'PO-1', department: 'D1', orderDate: '2026-11-02', patientCount: 3, bagCount, status: 'Packed', version });
const bagsKept = async () =>
  (await ctx.database.ownerDb.execute<{ bag_count: number }>(sql`select o.bag_count from packing_orders o join clients c on c.id = o.client_id where c.client_code = ${customer} and o.external_key = 'PO-1'`)).rows[0]?.bag_count;

describe('versions that hold', () => {
  beforeAll(async () => {
    await send('customers', [{ code: customer, name: 'Apotheek Versie', kind: 'Pharmacy' }]);
    await send('departments', [{ customer, key: 'D1', name: 'Afdeling Zon' }]);
  });

  it('refuses a row older than the one kept as stale, counts it, and keeps the newer row', async () => {
    expect(await send('packing-orders', [order('5', 40)])).toMatchObject({ inserted: 1, status: 'succeeded' });
    const older = await send('packing-orders', [order('3', 10)]);
    expect(older).toMatchObject({ inserted: 0, updated: 0, unchanged: 0, stale: 1, rejected: 0, status: 'rejected' });
    expect(await bagsKept()).toBe(40);
    // Versions are compared as numbers when both are: 10 comes after 9.
    expect(await send('packing-orders', [order('10', 41)])).toMatchObject({ updated: 1, status: 'succeeded' });
    expect(await send('packing-orders', [order('9', 12)])).toMatchObject({ stale: 1 });
    expect(await bagsKept()).toBe(41);
  });

  it('refuses the same version with other content as a conflict, and takes the same row again as unchanged', async () => {
    const conflict = await send('packing-orders', [order('10', 99)]);
    expect(conflict).toMatchObject({ rejected: 1, status: 'rejected', rejections: [{ line: 1, key: 'PO-1', reason: importRowText.versionConflict }] });
    expect(await bagsKept()).toBe(41);
    expect(await send('packing-orders', [order('10', 41)])).toMatchObject({ unchanged: 1, stale: 0, rejected: 0, status: 'succeeded' });
  });

  it('compares moments as text: an ISO 8601 time earlier than the kept one is stale', async () => {
    await send('packing-orders', [{ ...order('2026-11-20T10:00:00Z', 50), key: 'PO-2' }]);
    expect(await send('packing-orders', [{ ...order('2026-11-19T23:59:59Z', 51), key: 'PO-2' }])).toMatchObject({ stale: 1 });
    expect(await send('packing-orders', [{ ...order('2026-11-21T08:00:00Z', 52), key: 'PO-2' }])).toMatchObject({ updated: 1 });
  });
});

describe("a batch's status", () => {
  it('is partial when some rows are refused and rejected when every row is', async () => {
    const mixed = await send('packing-orders', [{ ...order('1', 5), key: 'PO-3' }, { ...order('1', 5), key: 'PO-4', department: 'D-ONBEKEND' }]);
    expect(mixed).toMatchObject({ inserted: 1, rejected: 1, status: 'partial' });
    const none = await send('packing-orders', [{ ...order('1', 5), key: 'PO-5', department: 'D-ONBEKEND' }]);
    expect(none).toMatchObject({ inserted: 0, rejected: 1, status: 'rejected' });
  });
});
