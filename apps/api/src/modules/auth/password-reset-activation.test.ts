import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, feedback, validation } from '@portal/contract';
import { oneTimeTokens } from '../../db/schema.js';
import { hashToken } from '../../lib/crypto.js';
import {
  accountRow,
  call,
  createAccount,
  createClient,
  createTestContext,
  linkIn,
  mailsTo,
  type TestAccount,
  type TestClient,
  type TestContext,
} from '../../test/harness.js';
import { expectFieldErrors, expectProblem, freshAddress, insertOneTimeToken, login, loginAttempt } from '../../test/auth-helpers.js';

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
const NEW_PASSWORD = 'Nieuw-Wachtwoord7';

const requestReset = (emailAddress: string) =>
  call(ctx, a.requestPasswordResetToken, { body: { emailAddress }, remoteAddress: freshAddress() });
const isResetValid = (passwordResetToken: string) =>
  call(ctx, a.isPasswordResetTokenValid, { body: { passwordResetToken }, remoteAddress: freshAddress() });
const resetPassword = (passwordResetToken: string, password: string, passwordRepeat = password) =>
  call(ctx, a.resetPassword, { body: { passwordResetToken, password, passwordRepeat }, remoteAddress: freshAddress() });
const isActivationValid = (activationToken: string) =>
  call(ctx, a.isActivationKeyValid, { body: { activationToken }, remoteAddress: freshAddress() });
const activate = (activationToken: string, password: string, passwordRepeat = password) =>
  call(ctx, a.activateAccount, { body: { activationToken, password, passwordRepeat }, remoteAddress: freshAddress() });

/** Requests a reset through the API and answers the token from the link in the mail. */
async function resetTokenFor(account: TestAccount): Promise<string> {
  const res = await requestReset(account.emailAddress);
  expect(res.statusCode).toBe(204);
  const mails = await mailsTo(ctx, account.emailAddress);
  const link = linkIn(mails.at(-1)!.textBody, '/auth/reset-password/update');
  return link.searchParams.get('token')!;
}

describe('Authentication/RequestPasswordResetToken', () => {
  it('answers 204 alike for a known and an unknown address; only the known one gets a mail', async () => {
    const account = await createAccount(ctx, client);
    const unknownAddress = `niemand-${Date.now()}@portal.test`;
    const known = await requestReset(account.emailAddress);
    const unknown = await requestReset(unknownAddress);
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe('');
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    expect(await mailsTo(ctx, unknownAddress)).toHaveLength(0);
    const mails = await mailsTo(ctx, account.emailAddress);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
    const link = linkIn(mail.textBody, '/auth/reset-password/update');
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/auth/reset-password/update');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.htmlBody).toContain(token!);
    // Only the hash is stored.
    const [row] = await ctx.database.ownerDb.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(token!)));
    expect(row!.purpose).toBe('PasswordReset');
    expect(row!.accountId).toBe(account.id);
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(58 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  it('finds the account without regard to case, and mails the stored address', async () => {
    const account = await createAccount(ctx, client, { emailAddress: `Hoofd.Letters-${Date.now()}@Portal.Test` });
    expect((await requestReset(account.emailAddress.toUpperCase())).statusCode).toBe(204);
    expect(await mailsTo(ctx, account.emailAddress)).toHaveLength(1);
  });

  it('sends no reset mail for an account that is not active', async () => {
    const inactive = await createAccount(ctx, client, { active: false });
    const res = await requestReset(inactive.emailAddress);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await mailsTo(ctx, inactive.emailAddress)).toHaveLength(0);
  });

  it('a new request replaces the earlier link', async () => {
    const account = await createAccount(ctx, client);
    const first = await resetTokenFor(account);
    const second = await resetTokenFor(account);
    expect(second).not.toBe(first);
    expect((await isResetValid(first)).json()).toBe(false);
    expect((await isResetValid(second)).json()).toBe(true);
  });
});

describe('Authentication/IsPasswordResetTokenValid', () => {
  it('answers true for a mailed token and false for garbage', async () => {
    const account = await createAccount(ctx, client);
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
    const account = await createAccount(ctx, client);
    const token = await insertOneTimeToken(ctx, account, 'PasswordReset', new Date(Date.now() - 1000));
    expect((await isResetValid(token)).json()).toBe(false);
    expectProblem(await resetPassword(token, NEW_PASSWORD), 400, feedback.resetFailed);
    await login(ctx, account); // the old password still works
  });
});

describe('Authentication/ResetPassword', () => {
  it('refuses a password against the policy with the exact policy message under password', async () => {
    const account = await createAccount(ctx, client);
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
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    const res = await resetPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expectFieldErrors(res, 'passwordRepeat', ['Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord']);
    expectFieldErrors(await resetPassword(token, NEW_PASSWORD, ''), 'passwordRepeat', [validation.passwordRepeatMismatch]);
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('refuses a common password', async () => {
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    for (const common of ['Welkom123', 'wELKOM123', 'Wachtwoord1']) {
      const res = await resetPassword(token, common);
      const doc = expectProblem(res, 400);
      expect(doc.errors?.password).toEqual([validation.commonPassword]);
    }
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('sets the new password: the new one logs in, the old one no longer', async () => {
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    await login(ctx, account, { password: NEW_PASSWORD });
    expectProblem(await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password }), 400, feedback.loginFailed);
    expect((await accountRow(ctx, account)).passwordChangedAt).not.toBeNull();
  });

  it('a token is single use: the second time 400 Wachtwoord wijzigen mislukt', async () => {
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await isResetValid(token)).json()).toBe(false);
    const again = await resetPassword(token, 'Nog-Een-Ander8');
    const doc = expectProblem(again, 400, 'Wachtwoord wijzigen mislukt');
    expect(doc.errors?.passwordResetToken).toEqual([feedback.resetFailed]);
    await login(ctx, account, { password: NEW_PASSWORD });
  });

  it('answers the same 400 to a token that never existed', async () => {
    expectProblem(await resetPassword('bestaat-niet', NEW_PASSWORD), 400, feedback.resetFailed);
  });

  it('ends every existing session of the account', async () => {
    const account = await createAccount(ctx, client);
    const before = await login(ctx, account);
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expectProblem(await call(ctx, calls.account.isTotpEnabled, { token: before.accessToken }), 401);
    expectProblem(
      await call(ctx, a.refreshAccessToken, { body: { refreshToken: before.refreshToken }, remoteAddress: freshAddress() }),
      401,
    );
  });

  it('lifts a lock on the account', async () => {
    const account = await createAccount(ctx, client);
    await ctx.database.ownerPool.query(
      `update accounts set failed_login_count = 7, locked_until = now() + interval '4 minutes' where client_id = $1 and id = $2`,
      [account.clientId, account.id],
    );
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    await login(ctx, account, { password: NEW_PASSWORD });
  });

  it('does not turn on an inactive account', async () => {
    const account = await createAccount(ctx, client, { active: false });
    const token = await insertOneTimeToken(ctx, account, 'PasswordReset');
    expect((await isResetValid(token)).json()).toBe(false);
    expectProblem(await resetPassword(token, NEW_PASSWORD), 400, feedback.resetFailed);
    expect((await accountRow(ctx, account)).isActive).toBe(false);
  });
});

describe('ResetPassword and two-factor login', () => {
  it('a reset does not turn TOTP off: the login still asks for a code', async () => {
    const account = await createAccount(ctx, client, { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const token = await resetTokenFor(account);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    expectProblem(await loginAttempt(ctx, { emailAddress: account.emailAddress, password: NEW_PASSWORD }), 409);
    expect((await accountRow(ctx, account)).totpEnabled).toBe(true);
  });

  it('one token sent twice at once resets once', async () => {
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    const answers = await Promise.all([resetPassword(token, NEW_PASSWORD), resetPassword(token, 'Tweede-Poging9')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 400]);
    const winner = answers[0]!.statusCode === 204 ? NEW_PASSWORD : 'Tweede-Poging9';
    await login(ctx, account, { password: winner });
  });
});

describe('activation', () => {
  /** An inactive account whose activation was queued as the pharmacist module does it. */
  async function queuedActivation(): Promise<{ account: TestAccount; token: string }> {
    const account = await createAccount(ctx, client, { active: false, firstName: 'Nieuwe' });
    const row = await accountRow(ctx, account);
    await ctx.database.ownerDb.transaction((tx) => ctx.app.services.auth.queueActivation(tx, row));
    const mails = await mailsTo(ctx, account.emailAddress);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Beste Nieuwe');
    const link = linkIn(mails[0]!.textBody, '/auth/activate');
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/auth/activate');
    return { account, token: link.searchParams.get('token')! };
  }

  it('IsActivationKeyValid: true for the mailed token, false for garbage', async () => {
    const { token } = await queuedActivation();
    const res = await isActivationValid(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await isActivationValid('garbage')).json()).toBe(false);
    const [row] = await ctx.database.ownerDb.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 24 * 3_600_000 - 120_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3_600_000);
  });

  it('ActivateAccount sets the password and activates; the login then works', async () => {
    const { account, token } = await queuedActivation();
    expectProblem(await loginAttempt(ctx, { emailAddress: account.emailAddress, password: NEW_PASSWORD }), 400, feedback.loginFailed);
    const res = await activate(token, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    const row = await accountRow(ctx, account);
    expect(row.isActive).toBe(true);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await login(ctx, account, { password: NEW_PASSWORD });
  });

  it('works with a token inserted directly (known value)', async () => {
    const account = await createAccount(ctx, client, { active: false });
    const token = await insertOneTimeToken(ctx, account, 'Activation');
    expect((await isActivationValid(token)).json()).toBe(true);
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
    await login(ctx, account, { password: NEW_PASSWORD });
  });

  it('is single use', async () => {
    const { token } = await queuedActivation();
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await isActivationValid(token)).json()).toBe(false);
    const again = await activate(token, 'Nog-Een-Ander8');
    const doc = expectProblem(again, 400, feedback.activationFailed);
    expect(doc.errors?.activationToken).toEqual(['Account activeren mislukt']);
  });

  it('applies the password policy, the repeat and the common-password list', async () => {
    const { token } = await queuedActivation();
    expectFieldErrors(await activate(token, 'zwak'), 'password', [validation.passwordPolicy]);
    expectFieldErrors(await activate(token, NEW_PASSWORD, 'anders'), 'passwordRepeat', [validation.passwordRepeatMismatch]);
    expect(expectProblem(await activate(token, 'Welkom123'), 400).errors?.password).toEqual([validation.commonPassword]);
    expect((await isActivationValid(token)).json()).toBe(true);
  });

  it('an expired activation token is invalid', async () => {
    const account = await createAccount(ctx, client, { active: false });
    const token = await insertOneTimeToken(ctx, account, 'Activation', new Date(Date.now() - 1000));
    expect((await isActivationValid(token)).json()).toBe(false);
    expectProblem(await activate(token, NEW_PASSWORD), 400, feedback.activationFailed);
    expect((await accountRow(ctx, account)).isActive).toBe(false);
  });

  it('the activation token of an account that is already active is invalid', async () => {
    const account = await createAccount(ctx, client);
    const token = await insertOneTimeToken(ctx, account, 'Activation');
    expect((await isActivationValid(token)).json()).toBe(false);
    expectProblem(await activate(token, NEW_PASSWORD), 400, feedback.activationFailed);
    await login(ctx, account); // its password is unchanged
  });
});

describe('reset and activation tokens are not interchangeable', () => {
  it('an activation token does not work as a reset token', async () => {
    const account = await createAccount(ctx, client, { active: false });
    const token = await insertOneTimeToken(ctx, account, 'Activation');
    expect((await isResetValid(token)).json()).toBe(false);
    expectProblem(await resetPassword(token, NEW_PASSWORD), 400, feedback.resetFailed);
    expect((await accountRow(ctx, account)).isActive).toBe(false);
    // and it still works for what it is
    expect((await isActivationValid(token)).json()).toBe(true);
  });

  it('a reset token does not work as an activation token', async () => {
    const account = await createAccount(ctx, client);
    const token = await resetTokenFor(account);
    expect((await isActivationValid(token)).json()).toBe(false);
    expectProblem(await activate(token, NEW_PASSWORD), 400, feedback.activationFailed);
    await login(ctx, account);
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('a reset token of one account cannot be pointed at another', async () => {
    const owner = await createAccount(ctx, client);
    const victim = await createAccount(ctx, client);
    const token = await resetTokenFor(owner);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    await login(ctx, victim);
    const [used] = await ctx.database.ownerDb
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.accountId, owner.id)));
    expect(used!.usedAt).not.toBeNull();
  });
});
