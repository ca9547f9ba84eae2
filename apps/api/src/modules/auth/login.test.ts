import { describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { calls, feedback, validation, type AuthData } from '@portal/contract';
import { awayFromStepEnd, expectProblem, totpCode, wrongTotpCode } from '../../test/auth-helpers.js';
import { hashToken } from '../../lib/crypto.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();

const MINUTE = 60_000;

describe('Authentication/LoginWithCredentials', () => {
  it('answers an access token, a refresh token and the user info', async () => {
    const account = await t.account({ firstName: 'Marieke', type: 'Employee' });
    const res = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const auth = res.json<AuthData>();
    expect(Object.keys(auth).sort()).toEqual(['accessToken', 'refreshToken', 'userInfo']);
    expect(auth.accessToken.split('.')).toHaveLength(3);
    expect(auth.refreshToken.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(auth.refreshToken).not.toBe(auth.accessToken);
    expect(auth.userInfo).toEqual({ firstName: 'Marieke', isAdministrator: false });
    // The access token works on a token call.
    const state = await t.call(calls.account.isTotpEnabled, { token: auth.accessToken });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toBe(false);
    // The refresh token is stored only as its SHA-256.
    const stored = await t.ctx.database.ownerPool.query<{ n: string }>(
      'select count(*) as n from refresh_tokens where token_hash = $1',
      [hashToken(auth.refreshToken)],
    );
    expect(Number(stored.rows[0]!.n)).toBe(1);
    const row = await t.row(account);
    expect(row.lastLoginAt).not.toBeNull();
  });

  it('answers isAdministrator true for an Administrator', async () => {
    const account = await t.account({ type: 'Administrator' });
    const auth = await t.login(account);
    expect(auth.userInfo.isAdministrator).toBe(true);
  });

  it('compares the e-mail address without regard to case (and trims it)', async () => {
    const account = await t.account({ emailAddress: `Mixed.Case-${Date.now()}@Portal.Test` });
    const lower = await t.loginAttempt({ emailAddress: account.emailAddress.toLowerCase(), password: account.password });
    expect(lower.statusCode, lower.body).toBe(200);
    const upper = await t.loginAttempt({ emailAddress: `  ${account.emailAddress.toUpperCase()} `, password: account.password });
    expect(upper.statusCode, upper.body).toBe(200);
  });

  it('compares the password exactly (case and surrounding spaces count)', async () => {
    const account = await t.account();
    const upper = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password.toUpperCase() });
    expectProblem(upper, 400, feedback.loginFailed);
    const spaced = await t.loginAttempt({ emailAddress: account.emailAddress, password: ` ${account.password}` });
    expectProblem(spaced, 400, feedback.loginFailed);
  });

  it('answers the same 400 document for a wrong password, an unknown address and an inactive account', async () => {
    const active = await t.account();
    const inactive = await t.account({ active: false });
    const deactivated = await t.account();
    await t.setAccount(deactivated, { isActive: false });

    const wrongPassword = await t.loginAttempt({ emailAddress: active.emailAddress, password: 'Verkeerd#123' });
    const unknown = await t.loginAttempt({ emailAddress: `nobody-${Date.now()}@portal.test`, password: active.password });
    const notActivated = await t.loginAttempt({ emailAddress: inactive.emailAddress, password: inactive.password });
    // An account switched off keeps its password hash; the right password must not get it in either.
    const switchedOff = await t.loginAttempt({ emailAddress: deactivated.emailAddress, password: deactivated.password });

    const doc = expectProblem(wrongPassword, 400, feedback.loginFailed);
    expect(doc.title).toBe('Inloggen mislukt! Controleer uw e-mailadres en wachtwoord.');
    for (const res of [unknown, notActivated, switchedOff]) {
      expectProblem(res, 400, feedback.loginFailed);
      expect(res.body).toBe(wrongPassword.body);
      expect(res.headers['content-type']).toBe(wrongPassword.headers['content-type']);
    }
  });

  it('counts a wrong password as a failure on the account; a success resets the count', async () => {
    const account = await t.account();
    await t.loginAttempt({ emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    await t.loginAttempt({ emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expect((await t.row(account)).failedLoginCount).toBe(2);
    await t.login(account);
    const row = await t.row(account);
    expect(row.failedLoginCount).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });
});

describe('two-factor login', () => {
  /** A two-factor account, and its login attempts with a code (`withCode`: of the step `offset` seconds away). */
  async function totpAccount() {
    const secret = generateSecret();
    const account = await t.account({ totpSecret: secret });
    const withPin = (pin: string, password = account.password) => t.loginAttempt({ emailAddress: account.emailAddress, password, pin });
    const withCode = async (offset = 0, password = account.password) => withPin(await totpCode(secret, offset), password);
    return { account, secret, withPin, withCode };
  }

  it('answers 409 to LoginWithCredentials, then LoginWithTotp with the right code logs in', async () => {
    const { account, withCode } = await totpAccount();
    const first = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password });
    const problem = expectProblem(first, 409);
    expect(problem.title).toBe(validation.codeRequired);
    expect(first.body).not.toContain('accessToken');

    const res = await withCode();
    expect(res.statusCode, res.body).toBe(200);
    const auth = res.json<AuthData>();
    expect(auth.userInfo.firstName).toBe('Petra');
    const state = await t.call(calls.account.isTotpEnabled, { token: auth.accessToken });
    expect(state.json()).toBe(true);
  });

  it('answers 400, not 409, for a wrong password on a two-factor account (409 only after the right password)', async () => {
    const { account } = await totpAccount();
    const res = await t.loginAttempt({ emailAddress: account.emailAddress, password: 'Verkeerd#123' });
    expectProblem(res, 400, feedback.loginFailed);
  });

  it('refuses a wrong code with a message of its own, on the code field, counted as a failed login', async () => {
    const { account, secret, withPin } = await totpAccount();
    const res = await withPin(await wrongTotpCode(secret));
    const doc = expectProblem(res, 400, feedback.loginCodeWrong);
    expect(doc.errors).toEqual({ pin: [feedback.loginCodeWrong] });
    expect((await t.row(account)).failedLoginCount).toBe(1);
  });

  it('refuses the right code with a wrong password', async () => {
    const { withCode } = await totpAccount();
    const res = await withCode(0, 'Verkeerd#123');
    expectProblem(res, 400, feedback.loginFailed);
  });

  it('accepts a code once: the same code a second time is refused', async () => {
    const { secret, withPin, withCode } = await totpAccount();
    const pin = await totpCode(secret);
    const first = await withPin(pin);
    expect(first.statusCode, first.body).toBe(200);
    const again = await withPin(pin);
    expectProblem(again, 400, feedback.loginCodeWrong);
    // A code of an earlier step is refused as well once a later one was used.
    const later = await withCode(30);
    expect(later.statusCode, later.body).toBe(200);
    const earlier = await withPin(pin);
    expectProblem(earlier, 400, feedback.loginCodeWrong);
  });

  it('accepts a code of one step either side, not two', async () => {
    const { withCode } = await totpAccount();
    const past = await withCode(-90);
    expectProblem(past, 400, feedback.loginCodeWrong);
    const future = await withCode(90);
    expectProblem(future, 400, feedback.loginCodeWrong);
    // The step before is within the tolerance only while the current step lasts.
    await awayFromStepEnd();
    const previous = await withCode(-30);
    expect(previous.statusCode, previous.body).toBe(200);
  });

  it('does not bypass a lock with a right code', async () => {
    const { account, withCode } = await totpAccount();
    await t.setAccount(account, { lockedUntil: new Date(Date.now() + MINUTE), failedLoginCount: 5 });
    const res = await withCode();
    expectProblem(res, 400, feedback.loginFailed);
  });
});
