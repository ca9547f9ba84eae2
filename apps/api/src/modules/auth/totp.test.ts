import { describe, expect, it } from 'vitest';
import { calls, feedback, validation, type TotpSetup } from '@portal/contract';
import { decryptSecret } from '../../lib/crypto.js';
import type { TestAccount } from '../../test/harness.js';
import { expectProblem, totpCode, wrongTotpCode } from '../../test/auth-helpers.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();

const acc = calls.account;
const isTotpEnabled = async (token: string) => {
  const res = await t.call(acc.isTotpEnabled, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<boolean>();
};
const setupCode = (token: string) => t.call(acc.getTotpSetupCode, { token });
const enable = (token: string, currentPassword: string, verificationPin: string) =>
  t.call(acc.enableTotp, { token, body: { currentPassword, verificationPin } });
const disable = (token: string, currentPassword: string, pin: string) =>
  t.call(acc.disableTotp, { token, body: { currentPassword, pin } });

async function accountWithSetup(): Promise<{ account: TestAccount; token: string; setup: TotpSetup }> {
  const account = await t.account();
  const { accessToken } = await t.login(account);
  const res = await setupCode(accessToken);
  expect(res.statusCode, res.body).toBe(200);
  return { account, token: accessToken, setup: res.json<TotpSetup>() };
}

describe('Account/IsTotpEnabled and Account/GetTotpSetupCode', () => {
  it('a new account has TOTP off; the setup code is a PNG data URL and a base32 key of 160 bits', async () => {
    const account = await t.account();
    const { accessToken } = await t.login(account);
    expect(await isTotpEnabled(accessToken)).toBe(false);
    const res = await setupCode(accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json<TotpSetup>();
    expect(setup.qrSetupCodeImage.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(setup.qrSetupCodeImage.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(setup.manualEntryKey).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32
    expect(setup.enabled).toBe(false);
    // Asking again makes a new secret.
    const again = (await setupCode(accessToken)).json<TotpSetup>();
    expect(again.manualEntryKey).not.toBe(setup.manualEntryKey);
    expect(await isTotpEnabled(accessToken)).toBe(false);
  });

  it('both need a token', async () => {
    expectProblem(await t.call(acc.isTotpEnabled), 401, feedback.unauthorized);
    expectProblem(await t.call(acc.getTotpSetupCode), 401, feedback.unauthorized);
  });
});

describe('Account/EnableTotp', () => {
  it('refuses a wrong password with the 2FA message', async () => {
    const { token, setup } = await accountWithSetup();
    const res = await enable(token, 'Verkeerd#123', await totpCode(setup.manualEntryKey));
    const doc = expectProblem(res, 400, feedback.twoFactorFailed);
    expect(doc.title.startsWith('2FA wijzigen niet gelukt. ')).toBe(true);
    expect(await isTotpEnabled(token)).toBe(false);
  });

  it('refuses a wrong code with the 2FA message', async () => {
    const { account, token, setup } = await accountWithSetup();
    const res = await enable(token, account.password, await wrongTotpCode(setup.manualEntryKey));
    expectProblem(res, 400, feedback.twoFactorFailed);
    expect(await isTotpEnabled(token)).toBe(false);
  });

  it('refuses a code of an earlier setup secret (only the newest pending secret counts)', async () => {
    const { account, token, setup } = await accountWithSetup();
    expect((await setupCode(token)).statusCode).toBe(200);
    expectProblem(await enable(token, account.password, await totpCode(setup.manualEntryKey)), 400, feedback.twoFactorFailed);
  });

  it('refuses without a setup first', async () => {
    const account = await t.account();
    const { accessToken } = await t.login(account);
    expectProblem(await enable(accessToken, account.password, '123456'), 400, feedback.twoFactorFailed);
  });

  it('turns TOTP on with the right password and code: IsTotpEnabled true, login answers 409', async () => {
    const { account, token, setup } = await accountWithSetup();
    const res = await enable(token, account.password, await totpCode(setup.manualEntryKey));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await isTotpEnabled(token)).toBe(true);

    const loginRes = await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password });
    expectProblem(loginRes, 409, validation.codeRequired);

    // The secret is stored encrypted, not as its base32 text.
    const row = await t.row(account);
    expect(row.totpEnabled).toBe(true);
    expect(row.totpSecret).not.toBeNull();
    expect(row.totpSecret).not.toBe(setup.manualEntryKey);
    expect(row.totpSecret).not.toContain(setup.manualEntryKey);
    expect(row.totpSecret!.startsWith('v1.')).toBe(true);
    expect(decryptSecret(row.totpSecret!, t.ctx.totpKey)).toBe(setup.manualEntryKey);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpLastStep).not.toBeNull();
  });

  it('GetTotpSetupCode answers 400 once TOTP is on, and the pending secret is not replaced', async () => {
    const { account, token, setup } = await accountWithSetup();
    expect((await enable(token, account.password, await totpCode(setup.manualEntryKey))).statusCode).toBe(204);
    const res = await setupCode(token);
    expectProblem(res, 400, feedback.twoFactorFailed);
    expect(res.body).not.toContain('data:image');
    expect(decryptSecret((await t.row(account)).totpSecret!, t.ctx.totpKey)).toBe(setup.manualEntryKey);
    // Enabling again is refused as well.
    expectProblem(await enable(token, account.password, await totpCode(setup.manualEntryKey, 30)), 400, feedback.twoFactorFailed);
  });

  it('the code used to turn TOTP on cannot be used again to log in', async () => {
    const { account, token, setup } = await accountWithSetup();
    const pin = await totpCode(setup.manualEntryKey);
    expect((await enable(token, account.password, pin)).statusCode).toBe(204);
    expectProblem(await t.loginAttempt({ emailAddress: account.emailAddress, password: account.password, pin }), 400, feedback.loginCodeWrong);
    const next = await t.loginAttempt({
      emailAddress: account.emailAddress,
      password: account.password,
      pin: await totpCode(setup.manualEntryKey, 30),
    });
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe('Account/DisableTotp', () => {
  async function enabledAccount() {
    const { account, token, setup } = await accountWithSetup();
    const enablingCode = await totpCode(setup.manualEntryKey);
    expect((await enable(token, account.password, enablingCode)).statusCode).toBe(204);
    return { account, token, secret: setup.manualEntryKey, enablingCode };
  }

  it('turns TOTP off with the password and a fresh code', async () => {
    const { account, token, secret } = await enabledAccount();
    const res = await disable(token, account.password, await totpCode(secret, 30));
    expect(res.statusCode, res.body).toBe(204);
    expect(await isTotpEnabled(token)).toBe(false);
    const row = await t.row(account);
    expect(row.totpSecret).toBeNull();
    expect(row.totpPendingSecret).toBeNull();
    // Login no longer asks for a code.
    const auth = await t.login(account);
    expect(auth.accessToken).toBeTruthy();
    // And a new setup is possible again.
    expect((await setupCode(token)).statusCode).toBe(200);
  });

  it('refuses the code that turned TOTP on (a code is accepted once)', async () => {
    const { account, token, enablingCode } = await enabledAccount();
    // That very code, not the one of the moment: a 30-second step may have passed since.
    expectProblem(await disable(token, account.password, enablingCode), 400, feedback.twoFactorFailed);
    expect(await isTotpEnabled(token)).toBe(true);
  });

  it('refuses a wrong password or a wrong code', async () => {
    const { account, token, secret } = await enabledAccount();
    expectProblem(await disable(token, 'Verkeerd#123', await totpCode(secret, 30)), 400, feedback.twoFactorFailed);
    expectProblem(await disable(token, account.password, await wrongTotpCode(secret)), 400, feedback.twoFactorFailed);
    expect(await isTotpEnabled(token)).toBe(true);
  });

  it('refuses when TOTP is not on', async () => {
    const account = await t.account();
    const { accessToken } = await t.login(account);
    expectProblem(await disable(accessToken, account.password, '123456'), 400, feedback.twoFactorFailed);
  });
});
