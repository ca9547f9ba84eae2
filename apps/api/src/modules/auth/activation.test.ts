import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { feedback, validation } from '@portal/contract';
import { oneTimeTokens } from '../../db/schema.js';
import { hashToken } from '../../lib/crypto.js';
import { linkIn, mailsTo, type TestAccount } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, insertOneTimeToken } from '../../test/auth-helpers.js';
import { NEW_PASSWORD, authTestContext, oneTimeTokenCalls } from './test-context.js';

const t = authTestContext();
const { isResetValid, resetPassword, resetTokenFor, isActivationValid, activate, refusesReset, refusesActivation } = oneTimeTokenCalls(t);

describe('activation', () => {
  /** An inactive account whose activation was queued as the pharmacist module does it. */
  async function queuedActivation(): Promise<{ account: TestAccount; token: string }> {
    const account = await t.account({ active: false, firstName: 'Nieuwe' });
    const row = await t.row(account);
    await t.ctx.database.ownerDb.transaction((tx) => t.ctx.app.services.auth.queueActivation(tx, row));
    const mails = await mailsTo(t.ctx, account.emailAddress);
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
    const [row] = await t.ctx.database.ownerDb.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 24 * 3_600_000 - 120_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3_600_000);
  });

  it('ActivateAccount sets the password and activates; the login then works', async () => {
    const { account, token } = await queuedActivation();
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: NEW_PASSWORD }), 400, feedback.loginFailed);
    const res = await activate(token, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    const row = await t.row(account);
    expect(row.isActive).toBe(true);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.login(account, { password: NEW_PASSWORD });
  });

  it('works with a token inserted directly (known value)', async () => {
    const account = await t.account({ active: false });
    const token = await insertOneTimeToken(t.ctx, account, 'Activation');
    expect((await isActivationValid(token)).json()).toBe(true);
    expect((await activate(token, NEW_PASSWORD)).statusCode).toBe(204);
    await t.login(account, { password: NEW_PASSWORD });
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
    const account = await t.account({ active: false });
    const token = await insertOneTimeToken(t.ctx, account, 'Activation', new Date(Date.now() - 1000));
    await refusesActivation(token);
    expect((await t.row(account)).isActive).toBe(false);
  });

  it('the activation token of an account that is already active is invalid', async () => {
    const account = await t.account();
    const token = await insertOneTimeToken(t.ctx, account, 'Activation');
    await refusesActivation(token);
    await t.login(account); // its password is unchanged
  });
});

describe('reset and activation tokens are not interchangeable', () => {
  it('an activation token does not work as a reset token', async () => {
    const account = await t.account({ active: false });
    const token = await insertOneTimeToken(t.ctx, account, 'Activation');
    await refusesReset(token);
    expect((await t.row(account)).isActive).toBe(false);
    // and it still works for what it is
    expect((await isActivationValid(token)).json()).toBe(true);
  });

  it('a reset token does not work as an activation token', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    await refusesActivation(token);
    await t.login(account);
    expect((await isResetValid(token)).json()).toBe(true);
  });

  it('a reset token of one account cannot be pointed at another', async () => {
    const owner = await t.account();
    const victim = await t.account();
    const token = await resetTokenFor(owner);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    await t.login(victim);
    const [used] = await t.ctx.database.ownerDb
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.accountId, owner.id)));
    expect(used!.usedAt).not.toBeNull();
  });
});
