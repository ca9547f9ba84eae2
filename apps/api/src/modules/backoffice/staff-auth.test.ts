import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuthCalls as authCalls, backofficeStaffCalls as staffCalls, backofficeText, calls, feedback, type StaffSession } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { awayFromStepEnd, expectProblem, freshAddress, login, totpCode } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, linkIn, mailsTo, type TestContext, createTestContext } from '../../test/harness.js';
import { createStaff, staffLogin, staffToken } from './test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const body = (session: { json: <T>() => T }) => session.json<StaffSession>();

describe('back-office login', () => {
  it('asks for two-factor set-up on the first login, and opens nothing else until it is done', async () => {
    const staff = await createStaff(ctx, 'Beheerder', { withoutTotp: true });
    const first = await staffLogin(ctx, staff);
    expect(first.needsTotpSetup).toBe(true);
    expect((await call(ctx, staffCalls.list, { token: first.accessToken })).statusCode).toBe(401);

    const setup = await call(ctx, authCalls.totpSetup, { token: first.accessToken });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, qrCodeDataUrl } = setup.json<{ secret: string; qrCodeDataUrl: string }>();
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await call(ctx, authCalls.totpEnable, { token: first.accessToken, body: { pin: '000000' } });
    expectProblem(wrong, 400);
    await awayFromStepEnd();
    const enabled = await call(ctx, authCalls.totpEnable, { token: first.accessToken, body: { pin: await totpCode(secret) } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const full = body(enabled);
    expect(full.needsTotpSetup).toBe(false);
    expect((await call(ctx, staffCalls.list, { token: full.accessToken })).statusCode).toBe(200);
    // The set-up session is over; from now on a login needs the code.
    expect((await call(ctx, authCalls.totpSetup, { token: first.accessToken })).statusCode).toBe(401);
    const noPin = await call(ctx, authCalls.login, { body: { emailAddress: staff.emailAddress, password: staff.password }, remoteAddress: freshAddress() });
    expectProblem(noPin, 409);
  });

  it('refuses a wrong password with one message and a wrong code with its own, and audits both', async () => {
    const staff = await createStaff(ctx, 'Klantenservice');
    const wrongPassword = await call(ctx, authCalls.login, {
      body: { emailAddress: staff.emailAddress, password: 'Verkeerd#123', pin: '123456' },
      remoteAddress: freshAddress(),
    });
    expectProblem(wrongPassword, 400, backofficeText.loginFailed);
    const wrongCode = await call(ctx, authCalls.login, {
      body: { emailAddress: staff.emailAddress, password: staff.password, pin: '000000' },
      remoteAddress: freshAddress(),
    });
    // Only once the password was right: the code itself was wrong or used, as on the customers' login.
    const codeDoc = expectProblem(wrongCode, 400, feedback.loginCodeWrong);
    expect(codeDoc.errors).toEqual({ pin: [feedback.loginCodeWrong] });
    const unknown = await call(ctx, authCalls.login, {
      body: { emailAddress: 'niemand@provider.test', password: staff.password, pin: '000000' },
      remoteAddress: freshAddress(),
    });
    expectProblem(unknown, 400, backofficeText.loginFailed);
    const rows = await ctx.database.ownerDb.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'Staff.Login' and outcome = 'Failure' and staff_id = ${staff.id}`,
    );
    expect(rows.rows[0]?.n).toBe(2);
  });

  it('renews the access token while the session lives, and ends it at logout', async () => {
    const session = await staffLogin(ctx, await createStaff(ctx, 'Kwaliteit'));
    const renewed = await call(ctx, authCalls.refresh, { body: { refreshToken: session.refreshToken }, remoteAddress: freshAddress() });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await call(ctx, authCalls.logout, { token: body(renewed).accessToken })).statusCode).toBe(204);
    expect((await call(ctx, staffCalls.colleagues, { token: session.accessToken })).statusCode).toBe(401);
    expect((await call(ctx, authCalls.refresh, { body: { refreshToken: session.refreshToken }, remoteAddress: freshAddress() })).statusCode).toBe(401);
  });
});

describe('the doors stay apart', () => {
  it('refuses a customer token at the back-office door, and a staff token at the portal', async () => {
    const client = await createCustomer(ctx);
    const account = await createAccount(ctx, client);
    const portal = await login(ctx, account);
    expect((await call(ctx, staffCalls.colleagues, { token: portal.accessToken })).statusCode).toBe(401);
    const staff = await staffToken(ctx, 'Beheerder');
    expect((await call(ctx, calls.faq.getFaqItems, { token: staff })).statusCode).toBe(401);
  });

  it('refuses staff of the wrong role with 403 before reading the body', async () => {
    for (const role of ['Klantenservice', 'Kwaliteit'] as const) {
      const token = await staffToken(ctx, role);
      expect((await call(ctx, staffCalls.list, { token })).statusCode).toBe(403);
      expect((await call(ctx, staffCalls.invite, { token, body: { nonsense: true } })).statusCode).toBe(403);
    }
  });
});

describe('staff accounts', () => {
  it('a Beheerder invites a colleague, who chooses a password and sets up two-factor login', async () => {
    const token = await staffToken(ctx, 'Beheerder');
    const emailAddress = `nieuw-${Date.now()}@provider.test`;
    const invited = await call(ctx, staffCalls.invite, {
      token,
      body: { emailAddress, firstName: 'Noor', lastName: 'Visser', role: 'Klantenservice' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const again = await call(ctx, staffCalls.invite, { token, body: { emailAddress, firstName: 'Noor', lastName: 'Visser', role: 'Kwaliteit' } });
    expectProblem(again, 400);

    const [mail] = await mailsTo(ctx, emailAddress);
    const link = linkIn(mail!.textBody, '/beheer/uitnodiging');
    const accepted = await call(ctx, authCalls.acceptInvitation, {
      body: { token: link.searchParams.get('token'), password: 'Nieuw#Wachtwoord1', passwordRepeat: 'Nieuw#Wachtwoord1' },
      remoteAddress: freshAddress(),
    });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const reused = await call(ctx, authCalls.acceptInvitation, {
      body: { token: link.searchParams.get('token'), password: 'Nieuw#Wachtwoord1', passwordRepeat: 'Nieuw#Wachtwoord1' },
      remoteAddress: freshAddress(),
    });
    expectProblem(reused, 400, backofficeText.invitationInvalid);

    const session = await call(ctx, authCalls.login, { body: { emailAddress, password: 'Nieuw#Wachtwoord1' }, remoteAddress: freshAddress() });
    expect(body(session).needsTotpSetup).toBe(true);
    const list = (await call(ctx, staffCalls.list, { token })).json<{ emailAddress: string; isInvited: boolean; hasTotp: boolean }[]>();
    expect(list.find((s) => s.emailAddress === emailAddress)).toMatchObject({ isInvited: false, hasTotp: false });
  });

  it('switching an account off ends its sessions at once; a Beheerder cannot switch off himself', async () => {
    const beheerder = await staffLogin(ctx, await createStaff(ctx, 'Beheerder'));
    const colleague = await createStaff(ctx, 'Klantenservice');
    const colleagueSession = await staffLogin(ctx, colleague);
    const off = await call(ctx, staffCalls.update, {
      token: beheerder.accessToken,
      body: { id: colleague.id, role: 'Klantenservice', isActive: false },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await call(ctx, staffCalls.colleagues, { token: colleagueSession.accessToken })).statusCode).toBe(401);
    const self = await call(ctx, staffCalls.update, {
      token: beheerder.accessToken,
      body: { id: beheerder.staff.id, role: 'Beheerder', isActive: false },
    });
    expectProblem(self, 400, backofficeText.ownAccount);
  });

  it('a role change counts at once, whatever the token says', async () => {
    const beheerder = await staffToken(ctx, 'Beheerder');
    const colleague = await createStaff(ctx, 'Beheerder');
    const session = await staffLogin(ctx, colleague);
    expect((await call(ctx, staffCalls.list, { token: session.accessToken })).statusCode).toBe(200);
    await call(ctx, staffCalls.update, { token: beheerder, body: { id: colleague.id, role: 'Kwaliteit', isActive: true } });
    expect((await call(ctx, staffCalls.list, { token: session.accessToken })).statusCode).toBe(403);
  });
});

describe('the door’s own document', () => {
  it('describes every back-office call with its roles, and none of the portal’s', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { description: string }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/backoffice/'))).toBe(true);
    expect(doc.paths[staffCalls.invite.path]?.post?.description).toBe('Rollen: Beheerder');
    expect(doc.paths[authCalls.login.path]?.post?.description).toBe('Zonder token');
    const portal = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(portal.paths).some((path) => path.startsWith('/api/backoffice/'))).toBe(false);
  });
});
