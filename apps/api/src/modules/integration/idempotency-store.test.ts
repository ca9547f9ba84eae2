import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { calls } from '@portal/contract';
import { serviceProducts } from '../../db/schema.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';

let ctx: TestContext;
let erp: TestIntegration;
let token: string;
let productId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers']);
  token = (await login(ctx, await createAccount(ctx, await createCustomer(ctx)))).accessToken;
  const [product] = await ctx.database.ownerDb
    .insert(serviceProducts)
    .values({ articleCode: 'SP-8001', name: 'Etiketrol', description: '60 mm', price: 1.5 })
    .returning({ id: serviceProducts.id });
  productId = product!.id;
});
afterAll(() => ctx.close());

const order = (key: string) =>
  call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
    body: { orderRows: [{ serviceProductId: productId, amount: 1 }] },
    token,
    headers: { 'idempotency-key': key },
  });
const customers = (key: string, name = 'Apotheek Sleutel') =>
  sendBatch(ctx, erp.token, 'customers', [{ code: 'KEY-001', name, kind: 'Pharmacy' }], { headers: { 'idempotency-key': key } });
const keysNamed = async (key: string) =>
  (
    await ctx.database.ownerDb.execute<{ owner: string; status: number | null }>(
      sql`select case when integration_client_id is null then 'account' else 'integration' end as owner, status
          from idempotency_keys where key = ${key} order by 1`,
    )
  ).rows;

describe('one idempotency store for the portal and the integration door', () => {
  it('keeps an account’s key and an integration client’s key of the same text apart, in the one table', async () => {
    const key = randomUUID();
    expect((await order(key)).statusCode).toBe(200);
    const batch = await customers(key);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(await keysNamed(key)).toEqual([
      { owner: 'account', status: 200 },
      { owner: 'integration', status: 200 },
    ]);
    const columns = await ctx.database.ownerDb.execute(sql`select 1 from information_schema.columns where table_name = 'import_runs' and column_name = 'idempotency_key'`);
    expect(columns.rows).toEqual([]);
  });

  it('answers a batch retried with its key from the store, and refuses the key with another body', async () => {
    const key = randomUUID();
    const first = await customers(key);
    const retry = await customers(key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await customers(key, 'Apotheek Anders')).statusCode).toBe(422);
  });

  it('answers 409 at once while the first batch with the key is still running', async () => {
    const key = randomUUID();
    await ctx.database.ownerDb.execute(sql`insert into idempotency_keys (integration_client_id, key) values (${erp.clientId}, ${key})`);
    const answer = await customers(key);
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  });
});
