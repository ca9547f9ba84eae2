import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calls, feedback, type AuthData } from '@portal/contract';
import { refreshTokens, sessionFamilies } from '../../db/schema.js';
import { AccessTokens, hashToken, randomToken, type AccessClaims } from '../../lib/crypto.js';
import {
  call,
  createAccount,
  createClient,
  createTestContext,
  type TestClient,
  type TestContext,
} from '../../test/harness.js';
import { expectProblem, freshAddress, login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await createClient(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const a = calls.authentication;

const refresh = (auth: Pick<AuthData, 'refreshToken'> & Partial<Pick<AuthData, 'accessToken'>>) =>
  call(ctx, a.refreshAccessToken, {
    body: { accessToken: auth.accessToken ?? null, refreshToken: auth.refreshToken },
    remoteAddress: freshAddress(),
  });

const isTotpEnabled = (token: string | undefined, headers: Record<string, string> = {}) =>
  call(ctx, calls.account.isTotpEnabled, { token, headers });

/** The claims the server put in an access token (decoded, not verified). */
function claimsOf(accessToken: string): AccessClaims {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    cid: string;
    adm: boolean;
    fam: string;
  };
  return { accountId: Number(payload.sub), clientId: payload.cid, isAdministrator: payload.adm, familyId: payload.fam };
}

/** As if the rotation of `auth`'s refresh token was a minute ago: beyond the reuse grace. */
async function pastTheGrace(auth: Pick<AuthData, 'refreshToken'>) {
  await ctx.database.ownerDb
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - 60_000) })
    .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
}

async function newSession() {
  const account = await createAccount(ctx, client);
  const auth = await login(ctx, account);
  return { account, auth };
}

describe('Authentication/RefreshAccessToken', () => {
  it('rotates: answers new tokens, and the used refresh token no longer works', async () => {
    const { auth } = await newSession();
    const res = await refresh(auth);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<AuthData>();
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken', 'userInfo']);
    expect(next.refreshToken).not.toBe(auth.refreshToken);
    expect(next.userInfo).toEqual(auth.userInfo);
    expect(claimsOf(next.accessToken).familyId).toBe(claimsOf(auth.accessToken).familyId);
    expect((await isTotpEnabled(next.accessToken)).statusCode).toBe(200);

    // The newest one can be used in turn.
    const third = await refresh(next);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json<AuthData>().refreshToken).not.toBe(next.refreshToken);
  });

  it('works without the (optional) expired access token in the body', async () => {
    const { auth } = await newSession();
    const res = await call(ctx, a.refreshAccessToken, { body: { refreshToken: auth.refreshToken }, remoteAddress: freshAddress() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('on reuse of a spent refresh token after the grace answers 401 and revokes the whole family', async () => {
    const { auth } = await newSession();
    const rotated = await refresh(auth);
    expect(rotated.statusCode).toBe(200);
    const newest = rotated.json<AuthData>();

    await pastTheGrace(auth);
    const reuse = await refresh(auth);
    expectProblem(reuse, 401, feedback.unauthorized);

    // The newest refresh token of the family stops working too …
    expectProblem(await refresh(newest), 401);
    // … and so do the access tokens of that session.
    expectProblem(await isTotpEnabled(newest.accessToken), 401);
    expectProblem(await isTotpEnabled(auth.accessToken), 401);

    const [family] = await ctx.database.ownerDb
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expect(family!.revokedAt).not.toBeNull();
    expect(family!.revokedReason).toBe('refresh-token-reuse');
  });

  it('reuse in one session leaves the other sessions of the account alone', async () => {
    const { account, auth } = await newSession();
    const other = await login(ctx, account);
    expect((await refresh(auth)).statusCode).toBe(200);
    await pastTheGrace(auth);
    expectProblem(await refresh(auth), 401);
    expect((await isTotpEnabled(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('answers 401 to an expired refresh token', async () => {
    const { auth } = await newSession();
    await ctx.database.ownerDb
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    expectProblem(await refresh(auth), 401, feedback.unauthorized);
  });

  it('a refresh token expires after 60 minutes unused, and never outlives its family', async () => {
    const before = Date.now();
    const { auth } = await newSession();
    const [token] = await ctx.database.ownerDb
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    const idle = token!.expiresAt.getTime() - before;
    expect(idle).toBeGreaterThan(59 * 60_000);
    expect(idle).toBeLessThanOrEqual(60 * 60_000 + 5000);
    const [family] = await ctx.database.ownerDb.select().from(sessionFamilies).where(eq(sessionFamilies.id, token!.familyId));
    const life = family!.expiresAt.getTime() - before;
    expect(life).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(life).toBeLessThanOrEqual(12 * 3_600_000 + 5000);

    // Near the end of the family, the new refresh token ends with it.
    const familyEnd = new Date(Date.now() + 10 * 60_000);
    await ctx.database.ownerDb.update(sessionFamilies).set({ expiresAt: familyEnd }).where(eq(sessionFamilies.id, token!.familyId));
    const next = (await refresh(auth)).json<AuthData>();
    const [nextToken] = await ctx.database.ownerDb
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken)));
    expect(nextToken!.expiresAt.getTime()).toBeLessThanOrEqual(familyEnd.getTime());
  });

  it('answers 401 when the family is older than 12 hours', async () => {
    const { auth } = await newSession();
    await ctx.database.ownerDb
      .update(sessionFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expectProblem(await refresh(auth), 401, feedback.unauthorized);
    // The access tokens of an ended family stop working as well.
    expectProblem(await isTotpEnabled(auth.accessToken), 401);
  });

  it('answers 401 to a refresh token that was never issued', async () => {
    for (const refreshToken of [randomToken(), 'garbage', 'x'.repeat(128), randomBytes(16).toString('hex')]) {
      expectProblem(await refresh({ refreshToken }), 401, feedback.unauthorized);
    }
  });

  it('answers 401 when the account was switched off', async () => {
    const { account, auth } = await newSession();
    await ctx.database.ownerPool.query('update accounts set is_active = false where client_id = $1 and id = $2', [
      account.clientId,
      account.id,
    ]);
    expectProblem(await refresh(auth), 401);
    expectProblem(await isTotpEnabled(auth.accessToken), 401);
  });

  it('does not take an access token for a refresh token', async () => {
    const { auth } = await newSession();
    const res = await call(ctx, a.refreshAccessToken, {
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
    const { auth } = await newSession();
    const answers = await Promise.all([refresh(auth), refresh(auth), refresh(auth), refresh(auth)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs = answers.map((res) => res.json<AuthData>());
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    for (const pair of pairs) expect((await isTotpEnabled(pair.accessToken)).statusCode).toBe(200);
    const next = await refresh(pairs[0]!);
    expect(next.statusCode).toBe(200);
    expect((await isTotpEnabled(next.json<AuthData>().accessToken)).statusCode).toBe(200);
  });

  it('the successor is not kept readable: the database holds it sealed, openable only with the spent token', async () => {
    const { auth } = await newSession();
    const renewed = (await refresh(auth)).json<AuthData>();
    const [spent] = await ctx.database.ownerDb.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    expect(spent!.successorSealed).toMatch(/^v1\./);
    expect(spent!.successorSealed).not.toContain(renewed.refreshToken);
  });

  it('within the grace a revoked session still refuses the spent token', async () => {
    const { auth } = await newSession();
    expect((await refresh(auth)).statusCode).toBe(200);
    await ctx.database.ownerDb
      .update(sessionFamilies)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(sessionFamilies.id, claimsOf(auth.accessToken).familyId));
    expectProblem(await refresh(auth), 401);
  });
});

describe('access token', () => {
  it('missing → 401', async () => {
    expectProblem(await isTotpEnabled(undefined), 401, feedback.unauthorized);
  });

  it('malformed → 401', async () => {
    const { auth } = await newSession();
    const variants: Record<string, string>[] = [
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: 'Bearer a.b.c' },
      { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` },
      { authorization: auth.accessToken }, // without the scheme
      { authorization: `Bearer ${auth.accessToken}x` },
      { authorization: `Bearer ${auth.accessToken.slice(0, -4)}` },
      { authorization: `Bearer ${'a'.repeat(5000)}` },
    ];
    for (const headers of variants) expectProblem(await isTotpEnabled(undefined, headers), 401, feedback.unauthorized);
  });

  it('expired → 401', async () => {
    const { auth } = await newSession();
    const expired = await ctx.app.services.tokens.sign(claimsOf(auth.accessToken), new Date(Date.now() - 16 * 60_000));
    expectProblem(await isTotpEnabled(expired), 401, feedback.unauthorized);
    // Signed now with the same claims it works: the session itself is live.
    const fresh = await ctx.app.services.tokens.sign(claimsOf(auth.accessToken));
    expect((await isTotpEnabled(fresh)).statusCode).toBe(200);
  });

  it('lives 15 minutes', async () => {
    const { auth } = await newSession();
    const payload = JSON.parse(Buffer.from(auth.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      iat: number;
      exp: number;
    };
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('signed with another secret → 401', async () => {
    const { auth } = await newSession();
    const forged = await new AccessTokens(randomBytes(32).toString('base64url')).sign(claimsOf(auth.accessToken));
    expectProblem(await isTotpEnabled(forged), 401, feedback.unauthorized);
  });

  it('unsigned (alg none) or with changed claims → 401', async () => {
    const { auth } = await newSession();
    const [header, payload] = auth.accessToken.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expectProblem(await isTotpEnabled(none), 401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, adm: true, sub: '1' })).toString('base64url');
    const signature = auth.accessToken.split('.')[2]!;
    expectProblem(await isTotpEnabled(`${header}.${tampered}.${signature}`), 401);
  });

  it('of a session that does not exist → 401', async () => {
    const { auth } = await newSession();
    const claims = claimsOf(auth.accessToken);
    const stray = await ctx.app.services.tokens.sign({ ...claims, familyId: '00000000-0000-4000-8000-000000000000' });
    expectProblem(await isTotpEnabled(stray), 401);
  });
});

describe('Authentication/Logout', () => {
  it('answers 204; afterwards the access token and the refresh token answer 401', async () => {
    const { account, auth } = await newSession();
    const other = await login(ctx, account);
    const res = await call(ctx, a.logout, { token: auth.accessToken });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await isTotpEnabled(auth.accessToken), 401, feedback.unauthorized);
    expectProblem(await refresh(auth), 401, feedback.unauthorized);
    // A second logout with the same token is a 401 as well.
    expectProblem(await call(ctx, a.logout, { token: auth.accessToken }), 401);
    // Only this session ended.
    expect((await isTotpEnabled(other.accessToken)).statusCode).toBe(200);
  });

  it('ends the session also for the access token of a later refresh', async () => {
    const { auth } = await newSession();
    const next = (await refresh(auth)).json<AuthData>();
    expect((await call(ctx, a.logout, { token: auth.accessToken })).statusCode).toBe(204);
    expectProblem(await isTotpEnabled(next.accessToken), 401);
    expectProblem(await refresh(next), 401);
  });

  it('needs a token: without one → 401', async () => {
    expectProblem(await call(ctx, a.logout), 401, feedback.unauthorized);
  });
});
