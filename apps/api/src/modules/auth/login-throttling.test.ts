import { describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { feedback } from '@portal/contract';
import { expectProblem, freshAddress, totpCode } from '../../test/auth-helpers.js';
import { lockMinutes } from './auth.shared.js';
import { authTestContext } from './test-context.js';

// How failed logins are slowed down, per account (a lock that grows) and per client address (a rate limit),
// and what attempts sent at once can get past.

const t = authTestContext();

const MINUTE = 60_000;

describe('throttling per account', () => {
  it('waits grow 1, 2, 4, 8, then 15 minutes from the fifth failure', () => {
    expect([0, 1, 2, 3, 4].map(lockMinutes)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(lockMinutes)).toEqual([1, 2, 4, 8, 15, 15]);
    expect(lockMinutes(50)).toBe(15);
  });

  it('locks the account after 5 wrong passwords: the right password then fails the same way', async () => {
    const account = await t.account();
    const address = freshAddress();
    const wrong = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await t.loginAttempt({ emailAddress: account.emailAddress, password: `Verkeerd#${i}23` }, address));
    }
    for (const res of wrong) expectProblem(res, 400, feedback.loginFailed);
    const before = Date.now();
    const row = await t.row(account);
    expect(row.failedLoginCount).toBe(5);
    expect(row.lockedUntil).not.toBeNull();
    const lockedFor = row.lockedUntil!.getTime() - before;
    expect(lockedFor).toBeGreaterThan(0.75 * MINUTE);
    expect(lockedFor).toBeLessThanOrEqual(1 * MINUTE + 1000);

    const right = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password }, freshAddress());
    expectProblem(right, 400, feedback.loginFailed);
    expect(right.body).toBe(wrong[0]!.body);
    // The refused attempt during the lock does not lengthen it.
    const after = await t.row(account);
    expect(after.failedLoginCount).toBe(5);
    expect(after.lockedUntil!.getTime()).toBe(row.lockedUntil!.getTime());
  });

  it('after the lock ends, the next failure locks for 2 minutes; a success then clears it', async () => {
    const account = await t.account();
    await t.setAccount(account, { failedLoginCount: 5, lockedUntil: new Date(Date.now() - 1000) });
    const before = Date.now();
    const res = await t.loginAttempt({ emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expectProblem(res, 400, feedback.loginFailed);
    const row = await t.row(account);
    expect(row.failedLoginCount).toBe(6);
    const lockedFor = row.lockedUntil!.getTime() - before;
    expect(lockedFor).toBeGreaterThan(1.75 * MINUTE);
    expect(lockedFor).toBeLessThanOrEqual(2 * MINUTE + 1000);

    await t.setAccount(account, { lockedUntil: new Date(Date.now() - 1000) });
    await t.login(account);
    const cleared = await t.row(account);
    expect(cleared.failedLoginCount).toBe(0);
    expect(cleared.lockedUntil).toBeNull();
  });

  it('a lock on one account does not touch another account', async () => {
    const locked = await t.account();
    const other = await t.account();
    await t.setAccount(locked, { failedLoginCount: 9, lockedUntil: new Date(Date.now() + 15 * MINUTE) });
    await t.login(other);
  });
});

describe('races', () => {
  it('the same code sent twice at once logs in once', async () => {
    const secret = generateSecret();
    const account = await t.account({ totpSecret: secret });
    const pin = await totpCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.loginAttempt({ emailAddress: account.emailAddress, password: account.password, pin })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('wrong passwords sent in parallel cannot get past the lock', async () => {
    const account = await t.account();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.loginAttempt({ emailAddress: account.emailAddress, password: `Verkeerd#${i}` })),
    );
    for (const res of answers) expectProblem(res, 400, feedback.loginFailed);
    const row = await t.row(account);
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
    const account = await t.account();
    // The counter runs in fixed 15-minute windows; should a window end during the run, run it again in the
    // new window (which then lasts long enough).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const address = freshAddress();
      const started = Date.now();
      const statuses: number[] = [];
      for (let batch = 0; batch < LIMIT / 10; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            t.loginAttempt({ emailAddress: `nobody-${batch}-${i}@portal.test`, password: 'Verkeerd#123' }, address),
          ),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      // The 101st attempt, even with the right password.
      const over = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password }, address);
      const ended = Date.now();
      // Every request's moment (the database's now(), on this machine's clock) lies between these two: the same
      // window at both ends is the same window for all. (With a margin, a second run begun just after the boundary
      // that ended the first was counted as crossing it too, and the test gave up.)
      if (windowOf(started) !== windowOf(ended)) continue;

      expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 400));
      const doc = expectProblem(over, 429, feedback.tooManyRequests);
      expect(doc.title).toBe(feedback.tooManyRequests);
      const retryAfter = over.headers['retry-after'];
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(over.body).not.toContain('accessToken');
      // LoginWithTotp shares the same counter.
      const totp = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password, pin: '123456' }, address);
      expectProblem(totp, 429);
      // Another address is not affected.
      await t.login(account, { remoteAddress: freshAddress() });
      return;
    }
    throw new Error('two window boundaries within one test run');
  });
});
