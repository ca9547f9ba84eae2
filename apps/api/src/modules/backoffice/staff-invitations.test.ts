import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuthCalls as authCalls, backofficeStaffCalls as staffCalls, backofficeText, type StaffSession } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { expectProblem, freshAddress } from '../../test/auth-helpers.js';
import { call, linkIn, mailsTo, type TestContext, createTestContext } from '../../test/harness.js';
import { createStaff, insertInvitation, staffLogin, staffRow, staffToken } from './test-support.js';

// Issue 26.2: a link dies when a newer one is sent and when it is used, and it never touches an activated account.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const chosen = 'Gekozen#Wachtwoord1';
const accept = (token: string, password = chosen) =>
  call(ctx, authCalls.acceptInvitation, { body: { token, password, passwordRepeat: password }, remoteAddress: freshAddress() });
const loginStatus = async (emailAddress: string, password: string) =>
  (await call(ctx, authCalls.login, { body: { emailAddress, password }, remoteAddress: freshAddress() })).statusCode;

/** A colleague invited by a Beheerder, and the invitation sent once more: the two links, oldest first. */
async function invitedTwice(): Promise<{ emailAddress: string; links: string[] }> {
  const token = await staffToken(ctx, 'Beheerder');
  const emailAddress = `uitgenodigd-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@provider.test`;
  const invited = await call(ctx, staffCalls.invite, { token, body: { emailAddress, firstName: 'Sanne', lastName: 'Bos', role: 'Klantenservice' } });
  expect(invited.statusCode, invited.body).toBe(200);
  const again = await call(ctx, staffCalls.resendInvitation, { token, body: { id: invited.json<{ id: number }>().id } });
  expect(again.statusCode, again.body).toBe(204);
  const links = (await mailsTo(ctx, emailAddress)).map((mail) => linkIn(mail.textBody, '/beheer/uitnodiging').searchParams.get('token')!);
  expect(links).toHaveLength(2);
  return { emailAddress, links };
}

describe('staff invitation links', () => {
  it('a link sent again ends the one sent before it', async () => {
    const { emailAddress, links } = await invitedTwice();
    const [older, newer] = links as [string, string];
    expectProblem(await accept(older), 400, backofficeText.invitationInvalid);
    expect((await accept(newer)).statusCode).toBe(204);
    expect(await loginStatus(emailAddress, chosen)).toBe(200);
  });

  it('a used link cannot be used again, nor can any other link the account still held', async () => {
    const staff = await createStaff(ctx, 'Kwaliteit', { withoutTotp: true });
    // Two live links at once, as an account may hold them from before a newer link ended the older one.
    await ctx.database.ownerDb.execute(sql`update staff_accounts set password_hash = null where id = ${staff.id}`);
    const first = await insertInvitation(ctx, staff.id);
    const second = await insertInvitation(ctx, staff.id);
    expect((await accept(first)).statusCode).toBe(204);
    expectProblem(await accept(first, 'Ander#Wachtwoord2'), 400, backofficeText.invitationInvalid);
    expectProblem(await accept(second, 'Ander#Wachtwoord2'), 400, backofficeText.invitationInvalid);
    expect(await loginStatus(staff.emailAddress, chosen)).toBe(200);
    expect(await loginStatus(staff.emailAddress, 'Ander#Wachtwoord2')).toBe(400);
  });

  it('a link never touches an activated account: its password and its sessions stay as they are', async () => {
    const staff = await createStaff(ctx, 'Beheerder');
    const session = await staffLogin(ctx, staff);
    const before = await staffRow(ctx, staff.id);
    const link = await insertInvitation(ctx, staff.id);

    expectProblem(await accept(link), 400, backofficeText.invitationInvalid);
    const after = await staffRow(ctx, staff.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.totpSecret).toBe(before.totpSecret);
    expect(await loginStatus(staff.emailAddress, chosen)).toBe(400);
    expect((await call(ctx, staffCalls.list, { token: session.accessToken })).statusCode).toBe(200);
    const renewed = await call(ctx, authCalls.refresh, { body: { refreshToken: session.refreshToken }, remoteAddress: freshAddress() });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json<StaffSession>().needsTotpSetup).toBe(false);
  });
});
