import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@portal/contract';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/database.js';
import { call, testAppConfig, type TestContext } from '../test/harness.js';
import { authTestContext } from '../modules/auth/test-context.js';
import { listenerName } from './live-sessions.js';

const t = authTestContext();

const isTotpEnabled = (ctx: Pick<TestContext, 'app'>, token: string) => call(ctx as TestContext, calls.account.isTotpEnabled, { token });

/**
 * Ends the session of `auth` behind the cache's back: the triggers that notify are switched off for the
 * update, so only a check that asks the database can notice. What proves that an answer was reused.
 */
async function revokeUnnoticed(ctx: TestContext, familyId: string) {
  await ctx.database.ownerDb.transaction(async (tx) => {
    await tx.execute(sql`alter table session_families disable trigger session_families_liveness`);
    await tx.execute(sql`update session_families set revoked_at = now(), revoked_reason = 'test' where id = ${familyId}`);
    await tx.execute(sql`alter table session_families enable trigger session_families_liveness`);
  });
}

const familyOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).fam as string;

describe('the live-session cache of the bearer check', () => {
  it('reuses its answer: a session ended without a notification still passes, which is what a cache does', async () => {
    const { auth } = await t.session();
    expect(t.ctx.app.liveSessions.active).toBe(true);
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
    await revokeUnnoticed(t.ctx, familyOf(auth.accessToken));
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
  });

  it('a logout ends the session at once: the very next call is refused', async () => {
    const { auth } = await t.session();
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
    const out = await call(t.ctx, calls.authentication.logout, { token: auth.accessToken });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(401);
  });

  it('a change made outside the API (the owner, as the command line or the back-office would) is refused at once', async () => {
    for (const change of [
      (familyId: string) => sql`update session_families set revoked_at = now() where id = ${familyId}`,
      (familyId: string) => sql`update session_families set expires_at = now() - interval '1 second' where id = ${familyId}`,
      (familyId: string) => sql`update accounts set is_active = false where id = (select account_id from session_families where id = ${familyId})`,
      (familyId: string) => sql`delete from session_families where id = ${familyId}`,
    ]) {
      const { auth } = await t.session();
      expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
      await t.ctx.database.ownerDb.execute(change(familyOf(auth.accessToken)));
      expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(401);
    }
  });

  it('a role taken away holds at once: the former administrator is refused an administrator call', async () => {
    const { account, auth } = await t.session();
    expect((await call(t.ctx, calls.pharmacist.getPharmacistTable, { token: auth.accessToken, body: {} })).statusCode).toBe(200);
    await t.setAccount(account, { pharmacistType: 'Employee' });
    expect((await call(t.ctx, calls.pharmacist.getPharmacistTable, { token: auth.accessToken, body: {} })).statusCode).toBe(403);
  });

  it('while its listener is gone, every request asks the database; the listener comes back by itself', async () => {
    const { auth } = await t.session();
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(200);
    await t.ctx.database.ownerDb.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerName} and datname = current_database()`,
    );
    await expect.poll(() => t.ctx.app.liveSessions.active).toBe(false);
    await revokeUnnoticed(t.ctx, familyOf(auth.accessToken));
    expect((await isTotpEnabled(t.ctx, auth.accessToken)).statusCode).toBe(401);
    await expect.poll(() => t.ctx.app.liveSessions.active, { timeout: 10_000 }).toBe(true);
    const again = await t.session();
    expect((await isTotpEnabled(t.ctx, again.auth.accessToken)).statusCode).toBe(200);
  });
});

describe('two API processes on one database', () => {
  // A second app with its own pools on the first one's database: what another API process is.
  let second: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    const database = await openDatabase({
      ownerUrl: String(t.ctx.database.ownerPool.options.connectionString),
      appPassword: 'portal-app-test-password',
      poolSize: 3,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const app = await buildApp({
      config: testAppConfig,
      database,
      secrets: { jwtSecret: t.ctx.jwtSecret, totpEncryptionKey: t.ctx.totpKey },
    });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a session ended through one process is refused by the other, which had it cached', async () => {
    const { auth } = await t.session();
    const other = { app: second!.app };
    expect((await isTotpEnabled(other, auth.accessToken)).statusCode).toBe(200);
    expect(second!.app.liveSessions.size).toBeGreaterThan(0);
    const out = await call(t.ctx, calls.authentication.logout, { token: auth.accessToken });
    expect(out.statusCode, out.body).toBeLessThan(300);
    // The other process hears of it through its listener, within the time a notification takes.
    await expect.poll(async () => (await isTotpEnabled(other, auth.accessToken)).statusCode, { timeout: 2000, interval: 5 }).toBe(401);
  });
});
