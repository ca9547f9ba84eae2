import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { calls, feedback } from '@portal/contract';
import { serviceProducts } from '../db/schema.js';
import { call, createAccount, createCustomer, createTestContext, mailsTo, type TestCustomer, type TestContext } from '../test/harness.js';
import { expectProblem, login } from '../test/auth-helpers.js';

let ctx: TestContext;
let limited: TestContext;
let client: TestCustomer;
let token: string;
let productId: number;

beforeAll(async () => {
  [ctx, limited] = await Promise.all([createTestContext(), createTestContext({ submissionLimits: { perMinute: 3, perDay: 3 } })]);
  client = await createCustomer(ctx);
  token = (await login(ctx, await createAccount(ctx, client))).accessToken;
  const [product] = await ctx.database.ownerDb
    .insert(serviceProducts)
    .values({ articleCode: 'SP-7001', name: 'Printerrol', description: '80 mm', price: 2.5 })
    .returning({ id: serviceProducts.id });
  productId = product!.id;
});
afterAll(async () => {
  await Promise.all([ctx?.close(), limited?.close()]);
});

const order = (amount: number, key?: string, bearer = token) =>
  call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
    body: { orderRows: [{ serviceProductId: productId, amount }] },
    token: bearer,
    headers: key ? { 'idempotency-key': key } : {},
  });
const orderCount = async () =>
  Number(
    (await ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from service_product_orders where client_id = ${client.id}`))
      .rows[0]!.n,
  );

describe('Idempotency-Key on orders and forms', () => {
  it('the same order sent twice with one key makes one order and answers the first answer again', async () => {
    const before = await orderCount();
    const key = randomUUID();
    const first = await order(2, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await order(2, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
  });

  it('duplicates arriving at once make one order, and all get its answer', async () => {
    const before = await orderCount();
    const key = randomUUID();
    const answers = await Promise.all([order(3, key), order(3, key), order(3, key)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('without a key, two identical orders are two orders', async () => {
    const before = await orderCount();
    expect((await order(1)).statusCode).toBe(200);
    expect((await order(1)).statusCode).toBe(200);
    expect(await orderCount()).toBe(before + 2);
  });

  it('the same key with another body is refused with 422, and changes nothing', async () => {
    const key = randomUUID();
    expect((await order(4, key)).statusCode).toBe(200);
    const before = await orderCount();
    expectProblem(await order(5, key), 422, feedback.idempotencyKeyReused);
    expect(await orderCount()).toBe(before);
  });

  it('a key is per account: another account may use the same key for its own order', async () => {
    const key = randomUUID();
    const colleague = (await login(ctx, await createAccount(ctx, client))).accessToken;
    const before = await orderCount();
    expect((await order(1, key)).statusCode).toBe(200);
    expect((await order(1, key, colleague)).headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount()).toBe(before + 2);
  });

  it('refuses a key that is empty, too long or not plain text', async () => {
    for (const key of ['x'.repeat(201), 'met spatie', 'ünïcode']) {
      expectProblem(await order(1, key), 400, feedback.idempotencyKeyInvalid);
    }
  });

  it('a question sent twice with one key reaches the service desk once', async () => {
    const key = randomUUID();
    const question = `Vraag ${key}`;
    const ask = () => call(ctx, calls.forms.askNonFaqQuestion, { body: { question }, token, headers: { 'idempotency-key': key } });
    expect((await ask()).statusCode).toBeLessThan(300);
    expect((await ask()).statusCode).toBeLessThan(300);
    const stored = await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from form_submissions where payload->>'question' = ${question}`);
    expect(stored.rows).toHaveLength(1);
    // The mail links to the question rather than quoting it: it is found by the link.
    const link = `/beheer/inbox/formulier/${stored.rows[0]!.id}`;
    const mails = (await mailsTo(ctx, 'service@portal.test')).filter((mail) => mail.textBody.includes(link));
    expect(mails).toHaveLength(1);
  });

  it('a first request that fails frees its key: the retry is handled anew', async () => {
    const key = randomUUID();
    const bad = { orderRows: [{ serviceProductId: 999_999, amount: 1 }] };
    const send = () => call(ctx, calls.serviceProductOrder.addServiceProductOrder, { body: bad, token, headers: { 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('submission limits per account', () => {
  // Both windows take 3, so the fourth is refused even when a slow run crosses the minute's fixed window.
  it('refuses the submission beyond the limit with 429, Retry-After and a Dutch message; a replay does not count', async () => {
    const account = await createAccount(limited, await createCustomer(limited));
    const bearer = (await login(limited, account)).accessToken;
    const ask = (question: string, key?: string) =>
      call(limited, calls.forms.askNonFaqQuestion, { body: { question }, token: bearer, headers: key ? { 'idempotency-key': key } : {} });
    const key = randomUUID();
    expect((await ask('een', key)).statusCode).toBeLessThan(300);
    expect((await ask('twee')).statusCode).toBeLessThan(300);
    expect((await ask('drie')).statusCode).toBeLessThan(300);
    const refused = await ask('vier');
    expectProblem(refused, 429, feedback.submissionLimitReached);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The first question's retry is answered as before, not refused.
    expect((await ask('een', key)).headers['idempotent-replayed']).toBe('true');
    // Another account of the same customer has its own count.
    const colleague = (await login(limited, await createAccount(limited, await createCustomer(limited)))).accessToken;
    expect((await call(limited, calls.forms.askNonFaqQuestion, { body: { question: 'vijf' }, token: colleague })).statusCode).toBeLessThan(300);
  });
});
