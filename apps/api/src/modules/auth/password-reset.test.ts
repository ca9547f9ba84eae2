import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedback, validation } from '@portal/contract';
import { oneTimeTokens } from '../../db/schema.js';
import { hashToken } from '../../lib/crypto.js';
import { linkIn, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, insertOneTimeToken } from '../../test/auth-helpers.js';
import { NEW_PASSWORD, authTestContext, oneTimeTokenCalls } from './test-context.js';

const t = authTestContext();
const { requestReset, isResetValid, resetPassword, resetTokenFor, refusesReset } = oneTimeTokenCalls(t);

describe('Authentication/RequestPasswordResetToken', () => {
  it('answers 204 alike for a known and an unknown address; only the known one gets a mail', async () => {
    const account = await t.account();
    const unknownAddress = `niemand-${Date.now()}@portal.test`;
    const known = await requestReset(account.emailAddress);
    const unknown = await requestReset(unknownAddress);
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe('');
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    expect(await mailsTo(t.ctx, unknownAddress)).toHaveLength(0);
    const mails = await mailsTo(t.ctx, account.emailAddress);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
    const link = linkIn(mail.textBody, '/auth/reset-password/update');
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/auth/reset-password/update');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.htmlBody).toContain(token!);
    // Only the hash is stored.
    const [row] = await t.ctx.database.ownerDb.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(token!)));
    expect(row!.purpose).toBe('PasswordReset');
    expect(row!.accountId).toBe(account.id);
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(58 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  it('finds the account without regard to case, and mails the stored address', async () => {
    const account = await t.account({ emailAddress: `Hoofd.Letters-${Date.now()}@Portal.Test` });
    expect((await requestReset(account.emailAddress.toUpperCase())).statusCode).toBe(204);
    expect(await mailsTo(t.ctx, account.emailAddress)).toHaveLength(1);
  });

  it('sends no reset mail for an account that is not active', async () => {
    const inactive = await t.account({ active: false });
    const res = await requestReset(inactive.emailAddress);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await mailsTo(t.ctx, inactive.emailAddress)).toHaveLength(0);
  });

  it('a new request replaces the earlier link', async () => {
    const account = await t.account();
    const first = await resetTokenFor(account);
    const second = await resetTokenFor(account);
    expect(second).not.toBe(first);
    expect((await isResetValid(first)).json()).toBe(false);
    expect((await isResetValid(second)).json()).toBe(true);
  });
});

describe('Authentication/IsPasswordResetTokenValid', () => {
  it('answers true for a mailed token and false for garbage', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    const valid = await isResetValid(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toBe(true);
    for (const garbage of ['garbage', token.slice(0, -1), `${token}x`, token.toUpperCase()]) {
      const res = await isResetValid(garbage);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(false);
    }
  });

  it('answers false for an expired token', async () => {
    const account = await t.account();
    const token = await insertOneTimeToken(t.ctx, account, 'PasswordReset', new Date(Date.now() - 1000));
    await refusesReset(token);
    await t.login(account); // the old password still works
  });
});

describe('Authentication/ResetPassword', () => {
  it('refuses a password against the policy with the exact policy message under password', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    for (const weak of ['kort1A', 'alleenkleineletters1', 'ALLEENHOOFDLETTERS1', 'GeenCijfersHier', '12345678']) {
      expectFieldErrors(await resetPassword(token, weak), 'password', [validation.passwordPolicy]);
    }
    expect(validation.passwordPolicy).toBe(
      'Wachtwoord voldoet niet aan de vereisten: 8 karakters, 1 hoofdletter, 1 kleine letter en 1 cijfer',
    );
    // A refused attempt does not use up the token.
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('refuses a repeat that differs', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    const res = await resetPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expectFieldErrors(res, 'passwordRepeat', ['Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord']);
    expectFieldErrors(await resetPassword(token, NEW_PASSWORD, ''), 'passwordRepeat', [validation.passwordRepeatMismatch]);
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('refuses a common password', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    for (const common of ['Welkom123', 'wELKOM123', 'Wachtwoord1']) {
      const res = await resetPassword(token, common);
      const doc = expectProblem(res, 400);
      expect(doc.errors?.password).toEqual([validation.commonPassword]);
    }
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('sets the new password: the new one logs in, the old one no longer', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    await t.login(account, { password: NEW_PASSWORD });
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password }), 400, feedback.loginFailed);
    expect((await t.row(account)).passwordChangedAt).not.toBeNull();
  });

  it('a token is single use: the second time 400 Wachtwoord wijzigen mislukt', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await isResetValid(token)).json()).toBe(false);
    const again = await resetPassword(token, 'Nog-Een-Ander8');
    const doc = expectProblem(again, 400, 'Wachtwoord wijzigen mislukt');
    expect(doc.errors?.passwordResetToken).toEqual([feedback.resetFailed]);
    await t.login(account, { password: NEW_PASSWORD });
  });

  it('answers the same 400 to a token that never existed', async () => {
    expectProblem(await resetPassword('bestaat-niet', NEW_PASSWORD), 400, feedback.resetFailed);
  });

  it('ends every existing session of the account', async () => {
    const account = await t.account();
    const before = await t.login(account);
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expectProblem(await t.isTotpEnabled(before.accessToken), 401);
    expectProblem(await t.refresh({ refreshToken: before.refreshToken }), 401);
  });

  it('lifts a lock on the account', async () => {
    const account = await t.account();
    await t.ctx.database.ownerPool.query(
      `update accounts set failed_login_count = 7, locked_until = now() + interval '4 minutes' where client_id = $1 and id = $2`,
      [account.customerId, account.id],
    );
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    await t.login(account, { password: NEW_PASSWORD });
  });

  it('does not turn on an inactive account', async () => {
    const account = await t.account({ active: false });
    const token = await insertOneTimeToken(t.ctx, account, 'PasswordReset');
    await refusesReset(token);
    expect((await t.row(account)).isActive).toBe(false);
  });
});

describe('ResetPassword and two-factor login', () => {
  it('a reset does not turn TOTP off: the login still asks for a code', async () => {
    const account = await t.account({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: NEW_PASSWORD }), 409);
    expect((await t.row(account)).totpEnabled).toBe(true);
  });

  it('one token sent twice at once resets once', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    const answers = await Promise.all([resetPassword(token, NEW_PASSWORD), resetPassword(token, 'Tweede-Poging9')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 400]);
    const winner = answers[0]!.statusCode === 204 ? NEW_PASSWORD : 'Tweede-Poging9';
    await t.login(account, { password: winner });
  });
});
