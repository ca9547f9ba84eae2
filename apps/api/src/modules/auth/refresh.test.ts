import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calls, feedback, type AuthData } from '@portal/contract';
import { refreshTokens, sessionFamilies } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { expectProblem, freshAddress } from '../../test/auth-helpers.js';
import { authTestContext, claimsOf } from './test-context.js';

const t = authTestContext();

const a = calls.authentication;

describe('Authentication/RefreshAccessToken', () => {
  it('rotates: answers new tokens, and the used refresh token no longer works', async () => {
    const { auth } = await t.session();
    const res = await t.refresh(auth);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<AuthData>();
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken', 'userInfo']);
    expect(next.refreshToken).not.toBe(auth.refreshToken);
    expect(next.userInfo).toEqual(auth.userInfo);
    expect(claimsOf(next.accessToken).familyId).toBe(claimsOf(auth.accessToken).familyId);
    expect((await t.isTotpEnabled(next.accessToken)).statusCode).toBe(200);

    // The newest one can be used in turn.
    const third = await t.refresh(next);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json<AuthData>().refreshToken).not.toBe(next.refreshToken);
  });

  it('works without the (optional) expired access token in the body', async () => {
    const { auth } = await t.session();
    const res = await t.call(a.refreshAccessToken, { body: { refreshToken: auth.refreshToken }, remoteAddress: freshAddress() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('on reuse of a spent refresh token after the grace answers 401 and revokes the whole family', async () => {
    const { auth } = await t.session();
    const rotated = await t.refresh(auth);
    expect(rotated.statusCode).toBe(200);
    const newest = rotated.json<AuthData>();

    await t.pastTheGrace(auth);
    const reuse = await t.refresh(auth);
    expectProblem(reuse, 401, feedback.unauthorized);

    // The newest refresh token of the family stops working too …
    expectProblem(await t.refresh(newest), 401);
    // … and so do the access tokens of that session.
    expectProblem(await t.isTotpEnabled(newest.accessToken), 401);
    expectProblem(await t.isTotpEnabled(auth.accessToken), 401);

    const [family] = await t.ctx.database.ownerDb
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expect(family!.revokedAt).not.toBeNull();
    expect(family!.revokedReason).toBe('refresh-token-reuse');
  });

  it('reuse in one session leaves the other sessions of the account alone', async () => {
    const { account, auth } = await t.session();
    const other = await t.login(account);
    expect((await t.refresh(auth)).statusCode).toBe(200);
    await t.pastTheGrace(auth);
    expectProblem(await t.refresh(auth), 401);
    expect((await t.isTotpEnabled(other.accessToken)).statusCode).toBe(200);
    expect((await t.refresh(other)).statusCode).toBe(200);
  });

  it('answers 401 to an expired refresh token', async () => {
    const { auth } = await t.session();
    await t.ctx.database.ownerDb
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    expectProblem(await t.refresh(auth), 401, feedback.unauthorized);
  });

  it('a refresh token expires after 60 minutes unused, and never outlives its family', async () => {
    const before = Date.now();
    const { auth } = await t.session();
    const [token] = await t.ctx.database.ownerDb
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    const idle = token!.expiresAt.getTime() - before;
    expect(idle).toBeGreaterThan(59 * 60_000);
    expect(idle).toBeLessThanOrEqual(60 * 60_000 + 5000);
    const [family] = await t.ctx.database.ownerDb.select().from(sessionFamilies).where(eq(sessionFamilies.id, token!.familyId));
    const life = family!.expiresAt.getTime() - before;
    expect(life).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(life).toBeLessThanOrEqual(12 * 3_600_000 + 5000);

    // Near the end of the family, the new refresh token ends with it.
    const familyEnd = new Date(Date.now() + 10 * 60_000);
    await t.ctx.database.ownerDb.update(sessionFamilies).set({ expiresAt: familyEnd }).where(eq(sessionFamilies.id, token!.familyId));
    const next = (await t.refresh(auth)).json<AuthData>();
    const [nextToken] = await t.ctx.database.ownerDb
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken)));
    expect(nextToken!.expiresAt.getTime()).toBeLessThanOrEqual(familyEnd.getTime());
  });

  it('answers 401 when the family is older than 12 hours', async () => {
    const { auth } = await t.session();
    await t.ctx.database.ownerDb
      .update(sessionFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expectProblem(await t.refresh(auth), 401, feedback.unauthorized);
    // The access tokens of an ended family stop working as well.
    expectProblem(await t.isTotpEnabled(auth.accessToken), 401);
  });

  it('answers 401 to a refresh token that was never issued', async () => {
    for (const refreshToken of [randomToken(), 'garbage', 'x'.repeat(128), randomBytes(16).toString('hex')]) {
      expectProblem(await t.refresh({ refreshToken }), 401, feedback.unauthorized);
    }
  });

  it('answers 401 when the account was switched off', async () => {
    const { account, auth } = await t.session();
    await t.ctx.database.ownerPool.query('update accounts set is_active = false where client_id = $1 and id = $2', [
      account.customerId,
      account.id,
    ]);
    expectProblem(await t.refresh(auth), 401);
    expectProblem(await t.isTotpEnabled(auth.accessToken), 401);
  });

  it('does not take an access token for a refresh token', async () => {
    const { auth } = await t.session();
    const res = await t.call(a.refreshAccessToken, {
      body: { accessToken: auth.accessToken, refreshToken: auth.accessToken.slice(0, 128) },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('accessToken');
  });
});

describe('RefreshAccessToken races', () => {
  it('one refresh token sent four times at once (two tabs, a retry): every answer is the same new refresh token, and the session lives on', async () => {
    const { auth } = await t.session();
    const answers = await Promise.all([t.refresh(auth), t.refresh(auth), t.refresh(auth), t.refresh(auth)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs = answers.map((res) => res.json<AuthData>());
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    for (const pair of pairs) expect((await t.isTotpEnabled(pair.accessToken)).statusCode).toBe(200);
    const next = await t.refresh(pairs[0]!);
    expect(next.statusCode).toBe(200);
    expect((await t.isTotpEnabled(next.json<AuthData>().accessToken)).statusCode).toBe(200);
  });

  it('the successor is not kept readable: the database holds it sealed, openable only with the spent token', async () => {
    const { auth } = await t.session();
    const renewed = (await t.refresh(auth)).json<AuthData>();
    const [spent] = await t.ctx.database.ownerDb.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    expect(spent!.successorSealed).toMatch(/^v1\./);
    expect(spent!.successorSealed).not.toContain(renewed.refreshToken);
  });

  it('within the grace a revoked session still refuses the spent token', async () => {
    const { auth } = await t.session();
    expect((await t.refresh(auth)).statusCode).toBe(200);
    await t.ctx.database.ownerDb
      .update(sessionFamilies)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expectProblem(await t.refresh(auth), 401);
  });
});
