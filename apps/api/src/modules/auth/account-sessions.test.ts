import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupCodeCalls, browserIdHeader, calls, sessionCalls, type AccountSession, type AuthData } from '@portal/contract';
import { createAccount, createCustomer, mailsTo, call, type TestAccount } from '../../test/harness.js';
import { awayFromStepEnd, expectProblem, freshAddress, totpCode } from '../../test/auth-helpers.js';
import { describeBrowser, placeOf } from './sign-in-notices.js';
import { authTestContext, oneTimeTokenCalls } from './test-context.js';

const t = authTestContext();
const { resetTokenFor, resetPassword } = oneTimeTokenCalls(t);

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A login from a browser: its User-Agent, the web app's id for it, and an address. */
async function loginFrom(account: TestAccount, browser: { userAgent: string; id?: string; address?: string; pin?: string }): Promise<AuthData> {
  const res = await call(t.ctx, browser.pin ? calls.authentication.loginWithTotp : calls.authentication.loginWithCredentials, {
    body: { emailAddress: account.emailAddress, password: account.password, ...(browser.pin ? { pin: browser.pin } : {}) },
    headers: { 'user-agent': browser.userAgent, ...(browser.id ? { [browserIdHeader]: browser.id } : {}) },
    remoteAddress: browser.address ?? freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthData>();
}

const sessions = async (token: string) => {
  const res = await call(t.ctx, sessionCalls.getSessions, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountSession[]>();
};

const subjects = async (account: TestAccount) => (await mailsTo(t.ctx, account.emailAddress)).map((mail) => mail.subject);

describe('the session list under Beveiliging', () => {
  it("lists the account's live sessions: browser, address, place, times, this one first and marked", async () => {
    const account = await t.account();
    const phone = await loginFrom(account, { userAgent: safariOnIphone, address: '192.168.1.20' });
    const desk = await loginFrom(account, { userAgent: chromeOnWindows, address: '203.0.113.7' });
    const list = await sessions(desk.accessToken);
    expect(list.map((s) => [s.browser, s.address, s.place, s.current])).toEqual([
      ['Chrome op Windows', '203.0.113.7', null, true],
      ['Safari op iPhone', '192.168.1.20', 'lokaal netwerk', false],
    ]);
    expect(Date.parse(list[0]!.startedAt)).toBeLessThanOrEqual(Date.parse(list[0]!.lastUsedAt));
    // A refresh is a use.
    const before = list[1]!.lastUsedAt;
    const refreshed = await call(t.ctx, calls.authentication.refreshAccessToken, { body: { accessToken: phone.accessToken, refreshToken: phone.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(Date.parse((await sessions(desk.accessToken))[1]!.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(before));
    // A session left unused past the refresh token's idle time is over, though nothing ended it.
    await t.ctx.database.ownerDb.execute(sql`update session_families set last_used_at = now() - interval '61 minutes' where id = ${list[1]!.id}`);
    expect((await sessions(desk.accessToken)).map((s) => s.browser)).toEqual(['Chrome op Windows']);
  });

  it('ends another session: its access token is refused at its next call, its refresh token too', async () => {
    const account = await t.account();
    const other = await loginFrom(account, { userAgent: safariOnIphone });
    const mine = await loginFrom(account, { userAgent: chromeOnWindows });
    const target = (await sessions(mine.accessToken)).find((s) => !s.current)!;
    expect((await call(t.ctx, calls.account.isTotpEnabled, { token: other.accessToken })).statusCode).toBe(200);

    const res = await call(t.ctx, sessionCalls.endSession, { body: { sessionId: target.id }, token: mine.accessToken });
    expect(res.statusCode, res.body).toBe(204);
    expectProblem(await call(t.ctx, calls.account.isTotpEnabled, { token: other.accessToken }), 401);
    const refresh = await call(t.ctx, calls.authentication.refreshAccessToken, { body: { accessToken: other.accessToken, refreshToken: other.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await sessions(mine.accessToken)).map((s) => s.current)).toEqual([true]);
    // Ended once: a second time it is not found.
    expectProblem(await call(t.ctx, sessionCalls.endSession, { body: { sessionId: target.id }, token: mine.accessToken }), 404);
  });

  it("ends every other session at once, and never another account's or this one", async () => {
    const account = await t.account();
    const colleague = await t.account();
    const a = await loginFrom(account, { userAgent: safariOnIphone });
    const b = await loginFrom(account, { userAgent: safariOnIphone });
    const mine = await loginFrom(account, { userAgent: chromeOnWindows });
    const theirs = await loginFrom(colleague, { userAgent: chromeOnWindows });
    const theirSession = (await sessions(theirs.accessToken))[0]!;

    expectProblem(await call(t.ctx, sessionCalls.endSession, { body: { sessionId: theirSession.id }, token: mine.accessToken }), 404);
    const own = (await sessions(mine.accessToken)).find((s) => s.current)!;
    expectProblem(await call(t.ctx, sessionCalls.endSession, { body: { sessionId: own.id }, token: mine.accessToken }), 404);
    expectProblem(await call(t.ctx, sessionCalls.endSession, { body: { sessionId: 'niet-een-id' }, token: mine.accessToken }), 400);

    expect((await call(t.ctx, sessionCalls.endOtherSessions, { token: mine.accessToken })).statusCode).toBe(204);
    for (const ended of [a, b]) expectProblem(await call(t.ctx, calls.account.isTotpEnabled, { token: ended.accessToken }), 401);
    expect((await call(t.ctx, calls.account.isTotpEnabled, { token: mine.accessToken })).statusCode).toBe(200);
    expect((await call(t.ctx, calls.account.isTotpEnabled, { token: theirs.accessToken })).statusCode).toBe(200);
  });

  it("shows only the own account's sessions, of the own customer", async () => {
    const other = await createAccount(t.ctx, await createCustomer(t.ctx, 'Apotheek Elders'));
    await loginFrom(other, { userAgent: chromeOnWindows });
    const account = await t.account();
    const mine = await loginFrom(account, { userAgent: chromeOnWindows });
    expect(await sessions(mine.accessToken)).toHaveLength(1);
    expectProblem(await call(t.ctx, sessionCalls.getSessions), 401);
  });
});

describe('sign-in notices', () => {
  it('mail a login from a browser not seen before, not the first login and not a browser seen before', async () => {
    const account = await t.account();
    await loginFrom(account, { userAgent: chromeOnWindows, id: 'browser-id-desk-0000000001' });
    await loginFrom(account, { userAgent: chromeOnWindows, id: 'browser-id-desk-0000000001' });
    expect(await subjects(account)).toEqual([]);
    // Another browser (the web app's id differs, the User-Agent may well be the same)
    await loginFrom(account, { userAgent: chromeOnWindows, id: 'browser-id-laptop-00000002', address: '198.51.100.4' });
    const [mail] = await mailsTo(t.ctx, account.emailAddress);
    expect(mail?.subject).toBe('Nieuwe inlog op uw account');
    expect(mail?.textBody).toContain('Browser: Chrome op Windows');
    expect(mail?.textBody).toContain('Adres: 198.51.100.4');
    expect(mail?.textBody).not.toMatch(/browser-id|token/i);
    // A client without the web app's id is known by its User-Agent.
    await loginFrom(account, { userAgent: safariOnIphone });
    await loginFrom(account, { userAgent: safariOnIphone });
    expect(await subjects(account)).toEqual(['Nieuwe inlog op uw account', 'Nieuwe inlog op uw account']);
  });

  it('mail a password change and each two-factor change, with when, browser and address', async () => {
    const account = await t.account();
    const session = await loginFrom(account, { userAgent: chromeOnWindows, address: '203.0.113.9' });
    const headers = { 'user-agent': chromeOnWindows };
    const as = { token: session.accessToken, headers, remoteAddress: '203.0.113.9' };
    const newPassword = 'Nieuw#Wachtwoord9';
    expect(
      (await call(t.ctx, calls.account.updatePassword, { ...as, body: { currentPassword: account.password, newPassword, passwordRepeat: newPassword } })).statusCode,
    ).toBe(204);
    const setup = (await call(t.ctx, calls.account.getTotpSetupCode, as)).json<{ manualEntryKey: string }>();
    const secret = setup.manualEntryKey.replace(/\s/g, '');
    await awayFromStepEnd();
    expect((await call(t.ctx, calls.account.enableTotp, { ...as, body: { currentPassword: newPassword, verificationPin: await totpCode(secret) } })).statusCode).toBe(204);
    expect((await call(t.ctx, backupCodeCalls.createBackupCodes, { ...as, body: { currentPassword: newPassword } })).statusCode).toBe(200);
    await awayFromStepEnd();
    expect((await call(t.ctx, calls.account.disableTotp, { ...as, body: { currentPassword: newPassword, pin: await totpCode(secret, 30) } })).statusCode).toBe(204);
    // A failed change mails nothing.
    expect((await call(t.ctx, calls.account.updatePassword, { ...as, body: { currentPassword: 'Fout#wachtwoord1', newPassword, passwordRepeat: newPassword } })).statusCode).toBe(400);

    const mails = await mailsTo(t.ctx, account.emailAddress);
    expect(mails.map((m) => m.subject)).toEqual([
      'Uw wachtwoord is gewijzigd',
      'Tweestapsverificatie staat aan',
      'Nieuwe back-upcodes gemaakt',
      'Tweestapsverificatie staat uit',
    ]);
    for (const mail of mails) {
      expect(mail.textBody).toContain('Browser: Chrome op Windows');
      expect(mail.textBody).toContain('Adres: 203.0.113.9');
      expect(mail.textBody).not.toContain(newPassword);
      expect(mail.textBody).not.toContain(secret);
    }
  });

  it('mail a password set anew through the reset link', async () => {
    const account = await t.account();
    const token = await resetTokenFor(account);
    const res = await call(t.ctx, calls.authentication.resetPassword, {
      body: { passwordResetToken: token, password: 'Opnieuw#Gezet77', passwordRepeat: 'Opnieuw#Gezet77' },
      headers: { 'user-agent': safariOnIphone },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode, res.body).toBe(204);
    const mail = (await mailsTo(t.ctx, account.emailAddress)).at(-1);
    expect(mail?.subject).toBe('Uw wachtwoord is opnieuw ingesteld');
    expect(mail?.textBody).toContain('Alle sessies zijn beëindigd.');
    expect(mail?.textBody).toContain('Browser: Safari op iPhone');
    expect(mail?.textBody).toContain('Adres: 198.51.100.23');
    expect(mail?.textBody).not.toContain('Opnieuw#Gezet77');
    // A failed reset (the link is used now) mails nothing more.
    expect((await resetPassword(token, 'Nog#eenKeer88')).statusCode).toBe(400);
    expect(await subjects(account)).toEqual(['Wachtwoord opnieuw instellen', 'Uw wachtwoord is opnieuw ingesteld']);
  });
});

describe('browsers and places', () => {
  it('names the common browsers and systems in Dutch', () => {
    expect(describeBrowser(chromeOnWindows)).toBe('Chrome op Windows');
    expect(describeBrowser(safariOnIphone)).toBe('Safari op iPhone');
    expect(describeBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari op macOS');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox op Linux');
    expect(describeBrowser(`${chromeOnWindows} Edg/131.0.0.0`)).toBe('Edge op Windows');
    expect(describeBrowser('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36')).toBe(
      'Samsung Internet op Android',
    );
    expect(describeBrowser('curl/8.5.0')).toBeNull();
    expect(describeBrowser(null)).toBeNull();
  });

  it('knows only private and own addresses', () => {
    expect(placeOf('10.0.0.8')).toBe('lokaal netwerk');
    expect(placeOf('172.20.1.1')).toBe('lokaal netwerk');
    expect(placeOf('172.32.1.1')).toBeNull();
    expect(placeOf('192.168.0.1')).toBe('lokaal netwerk');
    expect(placeOf('127.0.0.1')).toBe('deze computer');
    expect(placeOf('::ffff:10.1.1.1')).toBe('lokaal netwerk');
    expect(placeOf('fd12::1')).toBe('lokaal netwerk');
    expect(placeOf('203.0.113.7')).toBeNull();
    expect(placeOf(null)).toBeNull();
  });
});
