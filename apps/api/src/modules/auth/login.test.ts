import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { and, eq } from 'drizzle-orm';
import { calls, feedback, validation, type AuthData } from '@portal/contract';
import { accounts } from '../../db/schema.js';
import {
  accountRow,
  call,
  createAccount,
  createClient,
  createTestContext,
  type TestAccount,
  type TestClient,
  type TestContext,
} from '../../test/harness.js';
import {
  awayFromStepEnd,
  expectProblem,
  freshAddress,
  login,
  loginAttempt,
  totpCode,
  wrongTotpCode,
} from '../../test/auth-helpers.js';
import { hashToken } from '../../lib/crypto.js';
import { lockMinutes } from './auth.shared.js';

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await createClient(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const MINUTE = 60_000;

async function setAccount(account: TestAccount, values: Partial<typeof accounts.$inferInsert>) {
  await ctx.database.ownerDb
    .update(accounts)
    .set(values)
    .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
}

describe('Authentication/LoginWithCredentials', () => {
  it('answers an access token, a refresh token and the user info', async () => {
    const account = await createAccount(ctx, client, { firstName: 'Marieke', type: 'Employee' });
    const res = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const auth = res.json<AuthData>();
    expect(Object.keys(auth).sort()).toEqual(['accessToken', 'refreshToken', 'userInfo']);
    expect(auth.accessToken.split('.')).toHaveLength(3);
    expect(auth.refreshToken.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(auth.refreshToken).not.toBe(auth.accessToken);
    expect(auth.userInfo).toEqual({ firstName: 'Marieke', isAdministrator: false });
    // The access token works on a token call.
    const state = await call(ctx, calls.account.isTotpEnabled, { token: auth.accessToken });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toBe(false);
    // The refresh token is stored only as its SHA-256.
    const stored = await ctx.database.ownerPool.query<{ n: string }>(
      'select count(*) as n from refresh_tokens where token_hash = $1',
      [hashToken(auth.refreshToken)],
    );
    expect(Number(stored.rows[0]!.n)).toBe(1);
    const row = await accountRow(ctx, account);
    expect(row.lastLoginAt).not.toBeNull();
  });

  it('answers isAdministrator true for an Administrator', async () => {
    const account = await createAccount(ctx, client, { type: 'Administrator' });
    const auth = await login(ctx, account);
    expect(auth.userInfo.isAdministrator).toBe(true);
  });

  it('compares the e-mail address without regard to case (and trims it)', async () => {
    const account = await createAccount(ctx, client, { emailAddress: `Mixed.Case-${Date.now()}@Portal.Test` });
    const lower = await loginAttempt(ctx, { emailAddress: account.emailAddress.toLowerCase(), password: account.password });
    expect(lower.statusCode, lower.body).toBe(200);
    const upper = await loginAttempt(ctx, { emailAddress: `  ${account.emailAddress.toUpperCase()} `, password: account.password });
    expect(upper.statusCode, upper.body).toBe(200);
  });

  it('compares the password exactly (case and surrounding spaces count)', async () => {
    const account = await createAccount(ctx, client);
    const upper = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password.toUpperCase() });
    expectProblem(upper, 400, feedback.loginFailed);
    const spaced = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: ` ${account.password}` });
    expectProblem(spaced, 400, feedback.loginFailed);
  });

  it('answers the same 400 document for a wrong password, an unknown address and an inactive account', async () => {
    const active = await createAccount(ctx, client);
    const inactive = await createAccount(ctx, client, { active: false });
    const deactivated = await createAccount(ctx, client);
    await setAccount(deactivated, { isActive: false });

    const wrongPassword = await loginAttempt(ctx, { emailAddress: active.emailAddress, password: 'Verkeerd#123' });
    const unknown = await loginAttempt(ctx, { emailAddress: `nobody-${Date.now()}@portal.test`, password: active.password });
    const notActivated = await loginAttempt(ctx, { emailAddress: inactive.emailAddress, password: inactive.password });
    // An account switched off keeps its password hash; the right password must not get it in either.
    const switchedOff = await loginAttempt(ctx, { emailAddress: deactivated.emailAddress, password: deactivated.password });

    const doc = expectProblem(wrongPassword, 400, feedback.loginFailed);
    expect(doc.title).toBe('Inloggen mislukt! Controleer uw e-mailadres en wachtwoord.');
    for (const res of [unknown, notActivated, switchedOff]) {
      expectProblem(res, 400, feedback.loginFailed);
      expect(res.body).toBe(wrongPassword.body);
      expect(res.headers['content-type']).toBe(wrongPassword.headers['content-type']);
    }
  });

  it('counts a wrong password as a failure on the account; a success resets the count', async () => {
    const account = await createAccount(ctx, client);
    await loginAttempt(ctx, { emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    await loginAttempt(ctx, { emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expect((await accountRow(ctx, account)).failedLoginCount).toBe(2);
    await login(ctx, account);
    const row = await accountRow(ctx, account);
    expect(row.failedLoginCount).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });
});

describe('two-factor login', () => {
  async function totpAccount() {
    const secret = generateSecret();
    const account = await createAccount(ctx, client, { totpSecret: secret });
    return { account, secret };
  }

  it('answers 409 to LoginWithCredentials, then LoginWithTotp with the right code logs in', async () => {
    const { account, secret } = await totpAccount();
    const first = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password });
    const problem = expectProblem(first, 409);
    expect(problem.title).toBe(validation.codeRequired);
    expect(first.body).not.toContain('accessToken');

    const res = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const auth = res.json<AuthData>();
    expect(auth.userInfo.firstName).toBe('Petra');
    const state = await call(ctx, calls.account.isTotpEnabled, { token: auth.accessToken });
    expect(state.json()).toBe(true);
  });

  it('answers 400, not 409, for a wrong password on a two-factor account (409 only after the right password)', async () => {
    const { account } = await totpAccount();
    const res = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expectProblem(res, 400, feedback.loginFailed);
  });

  it('refuses a wrong code with the login failure', async () => {
    const { account, secret } = await totpAccount();
    const res = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await wrongTotpCode(secret),
    });
    expectProblem(res, 400, feedback.loginFailed);
    expect((await accountRow(ctx, account)).failedLoginCount).toBe(1);
  });

  it('refuses the right code with a wrong password', async () => {
    const { account, secret } = await totpAccount();
    const res = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: 'Verkeerd#123', pin: await totpCode(secret) });
    expectProblem(res, 400, feedback.loginFailed);
  });

  it('accepts a code once: the same code a second time is refused', async () => {
    const { account, secret } = await totpAccount();
    const pin = await totpCode(secret);
    const first = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin });
    expect(first.statusCode, first.body).toBe(200);
    const again = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin });
    expectProblem(again, 400, feedback.loginFailed);
    // A code of an earlier step is refused as well once a later one was used.
    const later = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(secret, 30),
    });
    expect(later.statusCode, later.body).toBe(200);
    const earlier = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin });
    expectProblem(earlier, 400, feedback.loginFailed);
  });

  it('accepts a code of one step either side, not two', async () => {
    const { account, secret } = await totpAccount();
    const past = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(secret, -90),
    });
    expectProblem(past, 400, feedback.loginFailed);
    const future = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(secret, 90),
    });
    expectProblem(future, 400, feedback.loginFailed);
    // The step before is within the tolerance only while the current step lasts.
    await awayFromStepEnd();
    const previous = await loginAttempt(ctx, {
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(secret, -30),
    });
    expect(previous.statusCode, previous.body).toBe(200);
  });

  it('does not bypass a lock with a right code', async () => {
    const { account, secret } = await totpAccount();
    await setAccount(account, { lockedUntil: new Date(Date.now() + MINUTE), failedLoginCount: 5 });
    const res = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin: await totpCode(secret) });
    expectProblem(res, 400, feedback.loginFailed);
  });
});

describe('throttling per account', () => {
  it('waits grow 1, 2, 4, 8, then 15 minutes from the fifth failure', () => {
    expect([0, 1, 2, 3, 4].map(lockMinutes)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(lockMinutes)).toEqual([1, 2, 4, 8, 15, 15]);
    expect(lockMinutes(50)).toBe(15);
  });

  it('locks the account after 5 wrong passwords: the right password then fails the same way', async () => {
    const account = await createAccount(ctx, client);
    const address = freshAddress();
    const wrong = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await loginAttempt(ctx, { emailAddress: account.emailAddress, password: `Verkeerd#${i}23` }, address));
    }
    for (const res of wrong) expectProblem(res, 400, feedback.loginFailed);
    const before = Date.now();
    const row = await accountRow(ctx, account);
    expect(row.failedLoginCount).toBe(5);
    expect(row.lockedUntil).not.toBeNull();
    const lockedFor = row.lockedUntil!.getTime() - before;
    expect(lockedFor).toBeGreaterThan(0.75 * MINUTE);
    expect(lockedFor).toBeLessThanOrEqual(1 * MINUTE + 1000);

    const right = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password }, freshAddress());
    expectProblem(right, 400, feedback.loginFailed);
    expect(right.body).toBe(wrong[0]!.body);
    // The refused attempt during the lock does not lengthen it.
    const after = await accountRow(ctx, account);
    expect(after.failedLoginCount).toBe(5);
    expect(after.lockedUntil!.getTime()).toBe(row.lockedUntil!.getTime());
  });

  it('after the lock ends, the next failure locks for 2 minutes; a success then clears it', async () => {
    const account = await createAccount(ctx, client);
    await setAccount(account, { failedLoginCount: 5, lockedUntil: new Date(Date.now() - 1000) });
    const before = Date.now();
    const res = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expectProblem(res, 400, feedback.loginFailed);
    const row = await accountRow(ctx, account);
    expect(row.failedLoginCount).toBe(6);
    const lockedFor = row.lockedUntil!.getTime() - before;
    expect(lockedFor).toBeGreaterThan(1.75 * MINUTE);
    expect(lockedFor).toBeLessThanOrEqual(2 * MINUTE + 1000);

    await setAccount(account, { lockedUntil: new Date(Date.now() - 1000) });
    await login(ctx, account);
    const cleared = await accountRow(ctx, account);
    expect(cleared.failedLoginCount).toBe(0);
    expect(cleared.lockedUntil).toBeNull();
  });

  it('a locked account takes as long to refuse as an unknown address (timing tells nothing)', async () => {
    const locked = await createAccount(ctx, client);
    await setAccount(locked, { failedLoginCount: 9, lockedUntil: new Date(Date.now() + 15 * MINUTE) });
    const timed = async (emailAddress: string) => {
      const started = performance.now();
      const res = await loginAttempt(ctx, { emailAddress, password: 'Verkeerd#123' });
      expectProblem(res, 400, feedback.loginFailed);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const lockedTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      lockedTimes.push(await timed(locked.emailAddress));
      unknownTimes.push(await timed(`onbekend-${i}-${Date.now()}@portal.test`));
    }
    // Both spend one password hash; without it a locked account answers in a fraction of the time.
    expect(median(lockedTimes)).toBeGreaterThan(0.5 * median(unknownTimes));
  });

  it('a lock on one account does not touch another account', async () => {
    const locked = await createAccount(ctx, client);
    const other = await createAccount(ctx, client);
    await setAccount(locked, { failedLoginCount: 9, lockedUntil: new Date(Date.now() + 15 * MINUTE) });
    await login(ctx, other);
  });
});

describe('races', () => {
  it('the same code sent twice at once logs in once', async () => {
    const secret = generateSecret();
    const account = await createAccount(ctx, client, { totpSecret: secret });
    const pin = await totpCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('wrong passwords sent in parallel cannot get past the lock', async () => {
    const account = await createAccount(ctx, client);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginAttempt(ctx, { emailAddress: account.emailAddress, password: `Verkeerd#${i}` })),
    );
    for (const res of answers) expectProblem(res, 400, feedback.loginFailed);
    const row = await accountRow(ctx, account);
    // Every attempt after the fifth met the lock and was not even checked.
    expect(row.failedLoginCount).toBe(5);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('throttling per address', () => {
  const WINDOW_SECONDS = 15 * 60;
  const LIMIT = 100;
  const windowOf = (ms: number) => Math.floor(ms / 1000 / WINDOW_SECONDS);

  it('answers 429 with Retry-After to the 101st attempt from one address within 15 minutes', async () => {
    const account = await createAccount(ctx, client);
    // The counter runs in fixed 15-minute windows; should a window end during the run, run it again in the
    // new window (which then lasts long enough).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const address = freshAddress();
      const started = Date.now();
      const statuses: number[] = [];
      for (let batch = 0; batch < LIMIT / 10; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            loginAttempt(ctx, { emailAddress: `nobody-${batch}-${i}@portal.test`, password: 'Verkeerd#123' }, address),
          ),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      // The 101st attempt, even with the right password.
      const over = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password }, address);
      const ended = Date.now();
      if (windowOf(started - 2000) !== windowOf(ended + 2000)) continue;

      expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 400));
      const doc = expectProblem(over, 429, feedback.tooManyRequests);
      expect(doc.title).toBe(feedback.tooManyRequests);
      const retryAfter = over.headers['retry-after'];
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(over.body).not.toContain('accessToken');
      // LoginWithTotp shares the same counter.
      const totp = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password, pin: '123456' }, address);
      expectProblem(totp, 429);
      // Another address is not affected.
      await login(ctx, account, { remoteAddress: freshAddress() });
      return;
    }
    throw new Error('two window boundaries within one test run');
  });
});
