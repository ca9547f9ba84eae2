import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { calls, feedback, type AuthData } from '@portal/contract';
import { AccessTokens } from '../../lib/crypto.js';
import { expectProblem } from '../../test/auth-helpers.js';
import { authTestContext, claimsOf } from './test-context.js';

const t = authTestContext();

const a = calls.authentication;

describe('access token', () => {
  it('missing → 401', async () => {
    expectProblem(await t.isTotpEnabled(undefined), 401, feedback.unauthorized);
  });

  it('malformed → 401', async () => {
    const { auth } = await t.session();
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
    for (const headers of variants) expectProblem(await t.isTotpEnabled(undefined, headers), 401, feedback.unauthorized);
  });

  it('expired → 401', async () => {
    const { auth } = await t.session();
    const expired = await t.ctx.app.services.tokens.sign(claimsOf(auth.accessToken), new Date(Date.now() - 16 * 60_000));
    expectProblem(await t.isTotpEnabled(expired), 401, feedback.unauthorized);
    // Signed now with the same claims it works: the session itself is live.
    const fresh = await t.ctx.app.services.tokens.sign(claimsOf(auth.accessToken));
    expect((await t.isTotpEnabled(fresh)).statusCode).toBe(200);
  });

  it('lives 15 minutes', async () => {
    const { auth } = await t.session();
    const payload = JSON.parse(Buffer.from(auth.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      iat: number;
      exp: number;
    };
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('signed with another secret → 401', async () => {
    const { auth } = await t.session();
    const forged = await new AccessTokens(randomBytes(32).toString('base64url')).sign(claimsOf(auth.accessToken));
    expectProblem(await t.isTotpEnabled(forged), 401, feedback.unauthorized);
  });

  it('unsigned (alg none) or with changed claims → 401', async () => {
    const { auth } = await t.session();
    const [header, payload] = auth.accessToken.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expectProblem(await t.isTotpEnabled(none), 401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, adm: true, sub: '1' })).toString('base64url');
    const signature = auth.accessToken.split('.')[2]!;
    expectProblem(await t.isTotpEnabled(`${header}.${tampered}.${signature}`), 401);
  });

  it('of a session that does not exist → 401', async () => {
    const { auth } = await t.session();
    const claims = claimsOf(auth.accessToken);
    const stray = await t.ctx.app.services.tokens.sign({ ...claims, familyId: '00000000-0000-4000-8000-000000000000' });
    expectProblem(await t.isTotpEnabled(stray), 401);
  });
});

describe('Authentication/Logout', () => {
  it('answers 204; afterwards the access token and the refresh token answer 401', async () => {
    const { account, auth } = await t.session();
    const other = await t.login(account);
    const res = await t.call(a.logout, { token: auth.accessToken });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await t.isTotpEnabled(auth.accessToken), 401, feedback.unauthorized);
    expectProblem(await t.refresh(auth), 401, feedback.unauthorized);
    // A second logout with the same token is a 401 as well.
    expectProblem(await t.call(a.logout, { token: auth.accessToken }), 401);
    // Only this session ended.
    expect((await t.isTotpEnabled(other.accessToken)).statusCode).toBe(200);
  });

  it('ends the session also for the access token of a later refresh', async () => {
    const { auth } = await t.session();
    const next = (await t.refresh(auth)).json<AuthData>();
    expect((await t.call(a.logout, { token: auth.accessToken })).statusCode).toBe(204);
    expectProblem(await t.isTotpEnabled(next.accessToken), 401);
    expectProblem(await t.refresh(next), 401);
  });

  it('needs a token: without one → 401', async () => {
    expectProblem(await t.call(a.logout), 401, feedback.unauthorized);
  });
});
