import { describe, expect, it } from 'vitest';
import { calls, feedback, validation, type AuthData } from '@portal/contract';
import { TEST_PASSWORD } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();

const NEW_PASSWORD = 'Ander-Wachtwoord9';

const updatePassword = (token: string, body: Record<string, unknown>) =>
  t.call(calls.account.updatePassword, { token, body });

describe('Account/UpdatePassword', () => {
  it('refuses a wrong current password with the spec message, and keeps the old password', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    const res = await updatePassword(auth.accessToken, {
      currentPassword: 'Verkeerd#123',
      newPassword: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    const doc = expectProblem(res, 400, feedback.passwordChangeFailed);
    expect(doc.title.startsWith('Wachtwoord wijzigen mislukt. Controleer of ')).toBe(true);
    expect(doc.errors?.currentPassword).toEqual([feedback.passwordChangeFailed]);
    await t.login(account);
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: NEW_PASSWORD }), 400);
  });

  it('counts a wrong current password toward the account lock', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    for (let i = 0; i < 5; i += 1) {
      const res = await updatePassword(auth.accessToken, {
        currentPassword: `Verkeerd#${i}`,
        newPassword: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expectProblem(res, 400, feedback.passwordChangeFailed);
    }
    const row = await t.row(account);
    expect(row.failedLoginCount).toBe(5);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // While locked even the right current password is refused.
    const locked = await updatePassword(auth.accessToken, {
      currentPassword: account.password,
      newPassword: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    expectProblem(locked, 400, feedback.passwordChangeFailed);
  });

  it('changes the password: 204, other sessions end, the current one keeps working', async () => {
    const account = await t.account();
    const current = await t.login(account);
    const other = await t.login(account);
    const res = await updatePassword(current.accessToken, {
      currentPassword: account.password,
      newPassword: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expectProblem(await t.isTotpEnabled(other.accessToken), 401, feedback.unauthorized);
    expectProblem(await t.refresh({ refreshToken: other.refreshToken }), 401);
    expect((await t.isTotpEnabled(current.accessToken)).statusCode).toBe(200);
    const refreshed = await t.refresh(current);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await t.isTotpEnabled(refreshed.json<AuthData>().accessToken)).statusCode).toBe(200);

    await t.login(account, { password: NEW_PASSWORD });
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password }), 400, feedback.loginFailed);
    expect((await t.row(account)).passwordChangedAt).not.toBeNull();
  });

  it('a second login\'s access token answers 401 after the change', async () => {
    const account = await t.account();
    const first = await t.login(account);
    const second = await t.login(account);
    expect((await t.isTotpEnabled(second.accessToken)).statusCode).toBe(200);
    await updatePassword(first.accessToken, { currentPassword: account.password, newPassword: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD });
    expectProblem(await t.isTotpEnabled(second.accessToken), 401);
  });

  it('answers the spec\'s required messages', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    expectFieldErrors(
      await updatePassword(auth.accessToken, { newPassword: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
      'currentPassword',
      ['Huidig wachtwoord is verplicht'],
    );
    expectFieldErrors(
      await updatePassword(auth.accessToken, { currentPassword: '', newPassword: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
      'currentPassword',
      [validation.currentPasswordRequired],
    );
    const noNew = await updatePassword(auth.accessToken, { currentPassword: account.password, passwordRepeat: NEW_PASSWORD });
    expect(expectProblem(noNew, 400).errors?.newPassword).toEqual(['Nieuw wachtwoord is verplicht']);
    const emptyNew = await updatePassword(auth.accessToken, { currentPassword: account.password, newPassword: '', passwordRepeat: '' });
    expect(expectProblem(emptyNew, 400).errors?.newPassword).toEqual([validation.newPasswordRequired]);
  });

  it('applies the password policy, the repeat and the common-password list to the new password', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    expectFieldErrors(
      await updatePassword(auth.accessToken, { currentPassword: account.password, newPassword: 'zwakje12', passwordRepeat: 'zwakje12' }),
      'newPassword',
      [validation.passwordPolicy],
    );
    expectFieldErrors(
      await updatePassword(auth.accessToken, { currentPassword: account.password, newPassword: NEW_PASSWORD, passwordRepeat: 'Anders12' }),
      'passwordRepeat',
      [validation.passwordRepeatMismatch],
    );
    expectFieldErrors(
      await updatePassword(auth.accessToken, { currentPassword: account.password, newPassword: NEW_PASSWORD, passwordRepeat: '' }),
      'passwordRepeat',
      [validation.passwordRepeatMismatch],
    );
    const common = await updatePassword(auth.accessToken, {
      currentPassword: account.password,
      newPassword: 'Welkom123',
      passwordRepeat: 'Welkom123',
    });
    expect(expectProblem(common, 400).errors?.newPassword).toEqual([validation.commonPassword]);
    const tooLong = `Aa1${'x'.repeat(130)}`;
    expect(
      expectProblem(
        await updatePassword(auth.accessToken, { currentPassword: account.password, newPassword: tooLong, passwordRepeat: tooLong }),
        400,
      ).errors?.newPassword,
    ).toBeDefined();
    // None of these changed anything.
    await t.login(account);
    expect((await t.isTotpEnabled(auth.accessToken)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.call(calls.account.updatePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    });
    expectProblem(res, 401, feedback.unauthorized);
  });
});
