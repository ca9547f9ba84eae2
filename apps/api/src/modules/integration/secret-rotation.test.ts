import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { integrationClientAdmin } from './integration-clients.js';
import { createIntegration, getIntegration, requestToken, type TestIntegration } from './test-support.js';

/** Issue 29.9: a rotation keeps the old secret valid beside the new one until it is retired or its time is up. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tokenFor = async (clientId: string, clientSecret: string) => {
  const res = await requestToken(ctx, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  return { status: res.statusCode, token: res.statusCode === 200 ? (res.json() as { access_token: string }).access_token : null };
};
const opens = async (token: string) => (await getIntegration(ctx, token, '/import-runs')).statusCode;

async function rotated(): Promise<{ before: TestIntegration; secret: string; newToken: string }> {
  const before = await createIntegration(ctx, ['customers']);
  const { clientSecret } = await integrationClientAdmin.rotate(ctx.database.ownerDb, before.clientId);
  const fresh = await tokenFor(before.clientId, clientSecret);
  expect(fresh.status).toBe(200);
  return { before, secret: clientSecret, newToken: fresh.token! };
}

describe('rotating an integration secret without downtime', () => {
  it('keeps the old secret and its tokens working beside the new ones after a rotation', async () => {
    const { before, newToken } = await rotated();
    expect(await opens(before.token)).toBe(200);
    expect(await opens(newToken)).toBe(200);
    const old = await tokenFor(before.clientId, before.clientSecret);
    expect(old.status).toBe(200);
    expect(await opens(old.token!)).toBe(200);
  });

  it('ends the old secret and its tokens when it is retired; the new ones go on', async () => {
    const { before, secret, newToken } = await rotated();
    expect(await integrationClientAdmin.retire(ctx.database.ownerDb, before.clientId)).toBe(true);
    expect((await tokenFor(before.clientId, before.clientSecret)).status).toBe(401);
    expect(await opens(before.token)).toBe(401);
    expect(await opens(newToken)).toBe(200);
    expect((await tokenFor(before.clientId, secret)).status).toBe(200);
    // Nothing left to retire.
    expect(await integrationClientAdmin.retire(ctx.database.ownerDb, before.clientId)).toBe(false);
  });

  it('ends the old secret when its time is up', async () => {
    const { before, newToken } = await rotated();
    await ctx.database.ownerDb.execute(sql`update integration_clients set previous_secret_until = now() - interval '1 second' where id = ${before.clientId}`);
    expect((await tokenFor(before.clientId, before.clientSecret)).status).toBe(401);
    expect(await opens(before.token)).toBe(401);
    expect(await opens(newToken)).toBe(200);
  });

  it('keeps only one previous secret: a second rotation ends the first secret', async () => {
    const { before, secret } = await rotated();
    const third = await integrationClientAdmin.rotate(ctx.database.ownerDb, before.clientId);
    expect((await tokenFor(before.clientId, before.clientSecret)).status).toBe(401);
    expect((await tokenFor(before.clientId, secret)).status).toBe(200);
    expect((await tokenFor(before.clientId, third.clientSecret)).status).toBe(200);
  });

  it('with no overlap ends the old secret at once, and refuses an overlap out of bounds', async () => {
    const before = await createIntegration(ctx, ['customers']);
    await integrationClientAdmin.rotate(ctx.database.ownerDb, before.clientId, 0);
    expect(await opens(before.token)).toBe(401);
    expect((await tokenFor(before.clientId, before.clientSecret)).status).toBe(401);
    await expect(integrationClientAdmin.rotate(ctx.database.ownerDb, before.clientId, -1)).rejects.toThrow('--overlap-hours');
    await expect(integrationClientAdmin.rotate(ctx.database.ownerDb, before.clientId, Number.NaN)).rejects.toThrow('--overlap-hours');
  });
});
