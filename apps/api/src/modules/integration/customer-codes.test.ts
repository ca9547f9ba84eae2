import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importKindNames, type ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createIntegration, getIntegration, sendBatch, type TestIntegration } from './test-support.js';

// Issue 26.8: customer codes are kept in capitals; a code sent in small letters is the same code.

let ctx: TestContext;
let erp: TestIntegration;
beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, [...importKindNames]);
});
afterAll(() => ctx.close());

const summaryOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportRunSummary;
};

describe('customer codes through the integration door', () => {
  it('stores a new customer’s code in capitals and finds it by the code in any case', async () => {
    expect(summaryOf(await sendBatch(ctx, erp.token, 'customers', [{ code: 'apo-4001', name: 'Apotheek De Kroon', kind: 'Pharmacy' }])).inserted).toBe(1);
    const stored = await ctx.database.ownerDb.execute<{ client_code: string }>(sql`select client_code from clients where name = 'Apotheek De Kroon'`);
    expect(stored.rows).toEqual([{ client_code: 'APO-4001' }]);

    expect(summaryOf(await sendBatch(ctx, erp.token, 'customers', [{ code: 'Apo-4001', name: 'Apotheek De Kroon', kind: 'Pharmacy' }]))).toMatchObject({ inserted: 0, rejected: 0 });
    expect(summaryOf(await sendBatch(ctx, erp.token, 'departments', [{ customer: 'apo-4001', key: 'D1', name: 'Afdeling Zon' }]))).toMatchObject({ inserted: 1, rejected: 0 });
    const reconciled = await getIntegration(ctx, erp.token, '/departments/reconciliation?customer=apo-4001');
    expect(reconciled.json()).toMatchObject({ customer: 'APO-4001', count: 1 });
  });
});
