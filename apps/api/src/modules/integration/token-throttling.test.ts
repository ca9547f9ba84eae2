import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { feedback } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { expectProblem, freshAddress } from '../../test/auth-helpers.js';
import { integrationClientAdmin, type IssuedCredentials } from './integration-clients.js';
import { requestToken } from './test-support.js';

// Issue 26.6: failed token requests are limited per client id and per address (429 with Retry-After, audited);
// a client with the right secret is never slowed by failures, its own successes or others' elsewhere.

const PER_CLIENT = 5;
const PER_ADDRESS = 8;
const WINDOW_SECONDS = 15 * 60;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ config: { INTEGRATION_TOKEN_FAILURES_PER_CLIENT: PER_CLIENT, INTEGRATION_TOKEN_FAILURES_PER_ADDRESS: PER_ADDRESS } });
});
afterAll(() => ctx.close());

const ask = (clientId: string, clientSecret: string, address: string) =>
  requestToken(ctx, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }, {}, address);
const right = (credentials: IssuedCredentials, address: string) => ask(credentials.clientId, credentials.clientSecret, address);
const wrong = (clientId: string, address: string) => ask(clientId, 'spits_wrong', address);

function expectThrottled(response: Awaited<ReturnType<typeof ask>>) {
  const doc = expectProblem(response, 429, feedback.tooManyRequests);
  expect(doc.title).toBe(feedback.tooManyRequests);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

const throttledAudits = async (objectId: string | null, address: string) =>
  (
    await ctx.database.ownerDb.execute<{ object_id: string | null; details: { reason: string; limitedBy: string[] } }>(sql`
      select object_id, details from audit_log
      where action = 'Integration.Token' and details->>'reason' = 'throttled' and address = ${address}
        and object_id is not distinct from ${objectId} order by id`)
  ).rows;

describe('the token endpoint throttles failed attempts (issue 26.6)', () => {
  it('refuses a client id after its failures from any address with 429 and Retry-After, even with the right secret, and audits it', async () => {
    const erp = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers']);
    const statuses: number[] = [];
    for (let i = 0; i < PER_CLIENT; i += 1) statuses.push((await wrong(erp.clientId, freshAddress())).statusCode);
    expect(statuses).toEqual(Array.from({ length: PER_CLIENT }, () => 401));
    const address = freshAddress();
    expectThrottled(await wrong(erp.clientId, address));
    expectThrottled(await right(erp, address));
    expect(await throttledAudits(erp.clientId, address)).toEqual([
      { object_id: erp.clientId, details: { reason: 'throttled', limitedBy: ['client'] } },
      { object_id: erp.clientId, details: { reason: 'throttled', limitedBy: ['client'] } },
    ]);
    const calls = await ctx.database.ownerDb.execute<{ status: number }>(sql`
      select (details->>'status')::int as status from audit_log where action = 'Integration.Call' and address = ${address} order by id`);
    expect(calls.rows).toEqual([{ status: 429 }, { status: 429 }]);
  });

  it('refuses an address after its failures on any client ids, sent at once, and no other address', async () => {
    const erp = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers']);
    const address = freshAddress();
    // Twice the limit at once, each on another client id: the address's limit holds however they interleave.
    const answers = await Promise.all(Array.from({ length: 2 * PER_ADDRESS }, () => wrong(randomUUID(), address)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array.from({ length: PER_ADDRESS }, () => 401), ...Array.from({ length: PER_ADDRESS }, () => 429)]);
    expectThrottled(await ask('made-up', 'x', address));
    expectThrottled(await right(erp, address));
    expect((await throttledAudits(null, address)).map((r) => r.details)).toContainEqual({ reason: 'throttled', limitedBy: ['address'] });
    expect((await right(erp, freshAddress())).statusCode).toBe(200);
  });

  it('never refuses a client with the right secret for its own successes, many at once, or for failures on other addresses', async () => {
    const erp = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers']);
    const own = freshAddress();
    const elsewhere = freshAddress();
    const failures: number[] = [];
    for (let i = 0; i < 2 * PER_ADDRESS; i += 1) failures.push((await wrong(randomUUID(), elsewhere)).statusCode);
    expect(failures).toEqual([...Array.from({ length: PER_ADDRESS }, () => 401), ...Array.from({ length: PER_ADDRESS }, () => 429)]);
    const one = await Promise.all(Array.from({ length: 3 * PER_ADDRESS }, () => right(erp, own)));
    expect(one.map((a) => a.statusCode)).toEqual(Array.from({ length: 3 * PER_ADDRESS }, () => 200));
    for (let i = 0; i < 3 * PER_CLIENT; i += 1) expect((await right(erp, own)).statusCode).toBe(200);
  });
});
