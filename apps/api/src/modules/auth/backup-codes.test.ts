import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupCodeCalls, backupCodeLoginCalls, calls, feedback, validation, type BackupCodes } from '@portal/contract';
import { auditLog, backupCodes } from '../../db/schema.js';
import type { TestAccount } from '../../test/harness.js';
import { awayFromStepEnd, expectFieldErrors, expectProblem, freshAddress, totpCode } from '../../test/auth-helpers.js';
import { normalizeBackupCode } from './backup-codes.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeShape = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** An account with two-factor login on, logged in with a code. */
async function twoFactorSession() {
  const account = await t.account({ totpSecret: secret });
  await awayFromStepEnd();
  const auth = await t.login(account, { pin: await totpCode(secret) });
  return { account, token: auth.accessToken };
}

const status = async (token: string) => {
  const res = await t.call(backupCodeCalls.getBackupCodeStatus, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ remaining: number }>().remaining;
};
const create = (token: string, currentPassword: string) => t.call(backupCodeCalls.createBackupCodes, { token, body: { currentPassword } });
const createOk = async (account: TestAccount, token: string) => {
  const res = await create(token, account.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupCodes>().codes;
};
const loginWith = (account: TestAccount, backupCode: string, password = account.password) =>
  t.call(backupCodeLoginCalls.loginWithBackupCode, {
    body: { emailAddress: account.emailAddress, password, backupCode },
    remoteAddress: freshAddress(),
  });
const storedOf = (account: TestAccount) =>
  t.ctx.database.ownerDb
    .select()
    .from(backupCodes)
    .where(and(eq(backupCodes.customerId, account.customerId), eq(backupCodes.accountId, account.id)));

describe('Account/CreateBackupCodes and Account/GetBackupCodeStatus', () => {
  it('makes ten distinct codes once, after the password, and keeps only their keyed hashes', async () => {
    const { account, token } = await twoFactorSession();
    expect(await status(token)).toBe(0);
    expectProblem(await create(token, 'Verkeerd#123'), 400, feedback.backupCodesFailed);
    expect(await status(token)).toBe(0);

    const codes = await createOk(account, token);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(codeShape);
    expect(await status(token)).toBe(10);

    const stored = await storedOf(account);
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toHaveLength(32);
      for (const code of codes) {
        expect(row.codeHash.toString('latin1')).not.toContain(normalizeBackupCode(code));
      }
    }
    const audited = await t.ctx.database.ownerDb.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audited.filter((row) => row.action === 'BackupCodesCreate').map((row) => row.outcome)).toEqual(['Failure', 'Success']);
  });

  it('a new set replaces the old one whole', async () => {
    const { account, token } = await twoFactorSession();
    const first = await createOk(account, token);
    const second = await createOk(account, token);
    expect(await status(token)).toBe(10);
    expectProblem(await loginWith(account, first[0]!), 400, feedback.loginBackupCodeWrong);
    expect((await loginWith(account, second[0]!)).statusCode).toBe(200);
  });

  it('needs two-factor login on, and a token', async () => {
    const account = await t.account();
    const { accessToken } = await t.login(account);
    expectProblem(await create(accessToken, account.password), 400, feedback.backupCodesFailed);
    expect(await storedOf(account)).toEqual([]);
    expectProblem(await t.call(backupCodeCalls.getBackupCodeStatus), 401, feedback.unauthorized);
    expectProblem(await t.call(backupCodeCalls.createBackupCodes, { body: { currentPassword: 'x' } }), 401, feedback.unauthorized);
  });
});

describe('Authentication/LoginWithBackupCode', () => {
  it('logs in with a code instead of the phone, once per code, typed as people type it', async () => {
    const { account, token } = await twoFactorSession();
    const codes = await createOk(account, token);

    // lower case, without the dash, an O for a zero and an l for a one: still the code
    const typed = codes[0]!.replace('-', ' ').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const res = await loginWith(account, typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ accessToken: string }>().accessToken).toEqual(expect.any(String));
    expect(await status(token)).toBe(9);

    const again = expectProblem(await loginWith(account, codes[0]!), 400, feedback.loginBackupCodeWrong);
    expect(again.errors).toEqual({ backupCode: [feedback.loginBackupCodeWrong] });
    expectProblem(await loginWith(account, 'AAAAA-AAAAA'), 400, feedback.loginBackupCodeWrong);
    expectProblem(await loginWith(account, '12'), 400, feedback.loginBackupCodeWrong);

    const [success] = await t.ctx.database.ownerDb
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'LoginBackupCode'), eq(auditLog.outcome, 'Success')));
    expect(success?.details).toEqual({ backupCodesLeft: 9 });
  });

  it('says the credential text for a wrong password and leaves the code unused', async () => {
    const { account, token } = await twoFactorSession();
    const codes = await createOk(account, token);
    expectProblem(await loginWith(account, codes[3]!, 'Verkeerd#123'), 400, feedback.loginFailed);
    expect(await status(token)).toBe(10);
    await t.setAccount(account, { failedLoginCount: 0, lockedUntil: null });
    expect((await loginWith(account, codes[3]!)).statusCode).toBe(200);
  });

  it('asks for the code', async () => {
    const { account } = await twoFactorSession();
    expectFieldErrors(await loginWith(account, '  '), 'backupCode', [validation.backupCodeRequired]);
  });

  it('wrong codes count toward the lock of the account, as wrong TOTP codes do', async () => {
    const { account, token } = await twoFactorSession();
    const codes = await createOk(account, token);
    for (let i = 0; i < 5; i += 1) await loginWith(account, `WRONG-${String(i).padStart(4, '0')}`);
    const row = await t.row(account);
    expect(row.failedLoginCount).toBeGreaterThanOrEqual(5);
    expect(row.lockedUntil).not.toBeNull();
    expectProblem(await loginWith(account, codes[0]!), 400, feedback.loginFailed);
  });
});

describe('backup codes end with two-factor login', () => {
  it('turning two-factor login off removes them', async () => {
    const { account, token } = await twoFactorSession();
    await createOk(account, token);
    await awayFromStepEnd();
    // a code a step ahead: the login used the current one
    const res = await t.call(calls.account.disableTotp, { token, body: { currentPassword: account.password, pin: await totpCode(secret, 30) } });
    expect(res.statusCode, res.body).toBe(204);
    expect(await storedOf(account)).toEqual([]);
  });

  it("an administrator's reset of a colleague's two-factor login removes them", async () => {
    const { account, token } = await twoFactorSession();
    await createOk(account, token);
    const admin = await t.session();
    const res = await t.call(calls.pharmacist.resetColleagueTotp, { token: admin.auth.accessToken, body: { accountId: account.id } });
    expect(res.statusCode, res.body).toBe(204);
    expect(await storedOf(account)).toEqual([]);
  });
});
