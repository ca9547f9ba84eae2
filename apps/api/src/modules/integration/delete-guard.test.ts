import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';

/** Issue 29.7: a snapshot or delete list that would remove much of a scope is refused unless the request means it. */
let ctx: TestContext;
let erp: TestIntegration;
const customer = `DEL-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
const departments = Array.from({ length: 20 }, (_, i) => ({ customer, key: `D${i + 1}`, name: `Afdeling ${i + 1}` }));

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers', 'departments']);
  expect((await sendBatch(ctx, erp.token, 'customers', [{ code: customer, name: 'Zorggroep Wis', kind: 'CareInstitution' }])).statusCode).toBe(200);
  expect((await sendBatch(ctx, erp.token, 'departments', departments)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const kept = async () =>
  Number((await ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from facilities f join clients c on c.id = f.client_id where c.client_code = ${customer}`)).rows[0]!.n);
const snapshot = (rows: unknown[], confirm = false) =>
  sendBatch(ctx, erp.token, 'departments', rows, { query: `mode=snapshot&customer=${customer}${confirm ? '&confirmDeletes=true' : ''}` });
const deleteList = (keys: string[], confirm = false) =>
  sendBatch(ctx, erp.token, 'departments', keys.map((key) => ({ customer, key })), { path: '/delete', ...(confirm ? { query: 'confirmDeletes=true' } : {}) });

describe('the delete guard', () => {
  it('refuses an empty snapshot, and keeps every row', async () => {
    const res = await snapshot([]);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ title: string }>().title).toContain('Een lege momentopname zou alle 20 rijen verwijderen');
    expect(await kept()).toBe(20);
  });

  it('refuses a snapshot or a delete list that removes more than 10% of the scope, and takes one within it', async () => {
    const refused = await snapshot(departments.slice(0, 17));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ title: string }>().title).toContain('zou 3 van de 20 rijen verwijderen, meer dan 10%');
    expect((await deleteList(['D1', 'D2', 'D3'])).statusCode).toBe(422);
    expect(await kept()).toBe(20);
    // Two of twenty is 10%: within the guard.
    expect((await snapshot(departments.slice(0, 18))).json<ImportRunSummary>()).toMatchObject({ deleted: 2, status: 'succeeded' });
    expect(await kept()).toBe(18);
  });

  it('takes a larger deletion, and an empty snapshot, when the request confirms it', async () => {
    expect((await deleteList(['D1', 'D2', 'D3'], true)).json<ImportRunSummary>()).toMatchObject({ deleted: 3 });
    expect(await kept()).toBe(15);
    expect((await snapshot([], true)).json<ImportRunSummary>()).toMatchObject({ deleted: 15 });
    expect(await kept()).toBe(0);
  });
});
