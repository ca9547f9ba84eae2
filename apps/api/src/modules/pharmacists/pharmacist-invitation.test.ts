import { describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { calls, feedback, validation } from '@portal/contract';
import { auditRows, call, createAccount, linkIn, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login, loginAttempt, totpCode } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { addBody, pharmacistCalls, pharmacistCustomers } from '../../test/pharmacist-calls.js';

/**
 * Issue 13: an administrator helps a colleague who cannot get in: an invited account shows as such and gets its
 * invitation again; a colleague who lost the phone gets their two-factor login reset.
 */
const pharmacy = useOpened(async () => {
  const opened = await pharmacistCustomers();
  const employee = await createAccount(opened.ctx, opened.client, { type: 'Employee' });
  return { ...opened, employee, employeeToken: (await login(opened.ctx, employee)).accessToken };
});
const { add, getById, table, idOf, activateFromMail } = pharmacistCalls(() => pharmacy);
const resend = (accountId: unknown, token = pharmacy.adminToken) =>
  call(pharmacy.ctx, calls.pharmacist.resendInvitation, { body: { accountId }, token });
const activationLinks = async (address: string) =>
  (await mailsTo(pharmacy.ctx, address)).map((mail) => linkIn(mail.textBody, '/auth/activate').searchParams.get('token'));

describe('Pharmacist/ResendInvitation', () => {
  it('says which accounts are invited and not activated yet, in the table and the account', async () => {
    const body = addBody();
    expect((await add(body)).statusCode).toBe(204);
    const id = await idOf(body.emailAddress);
    expect((await getById(id)).json()).toMatchObject({ isActive: false, invited: true });
    const rows = (await table({ sortBy: 'accountId', descending: true, page: 1, rowsPerPage: 100, search: '' })).json<{ items: { accountId: number; invited: boolean }[] }>().items;
    expect(rows.find((row) => row.accountId === id)?.invited).toBe(true);
    expect(rows.find((row) => row.accountId === pharmacy.admin.id)?.invited).toBe(false);
  });

  it('sends a new activation mail whose link works, while the first one no longer does; audited', async () => {
    const body = addBody();
    await add(body);
    const id = await idOf(body.emailAddress);
    const res = await resend(id);
    expect(res.statusCode, res.body).toBe(204);
    const [first, second] = await activationLinks(body.emailAddress);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stillValid = await call(pharmacy.ctx, calls.authentication.isActivationKeyValid, { body: { activationToken: first } });
    expect(stillValid.json()).toBe(false);
    await activateFromMail(body.emailAddress);
    expect((await getById(id)).json()).toMatchObject({ isActive: true, invited: false });
    const [audit] = (await auditRows(pharmacy.ctx, 'PharmacistInvitationResend')).slice(-1);
    expect(audit).toMatchObject({ outcome: 'Success', account_id: pharmacy.admin.id, client_id: pharmacy.client.id });
  });

  it('refuses an account that is activated, another customer\'s account, and an employee', async () => {
    expectFieldErrors(await resend(pharmacy.employee.id), 'accountId', [validation.accountAlreadyActivated]);
    expectProblem(await resend(pharmacy.otherAccount.id), 404);
    expectProblem(await resend(pharmacy.employee.id, pharmacy.employeeToken), 403, feedback.forbidden);
    expectFieldErrors(await resend('x'), 'accountId', [validation.required]);
  });
});

describe('Pharmacist/ResetColleagueTotp', () => {
  const reset = (accountId: unknown, token = pharmacy.adminToken) =>
    call(pharmacy.ctx, calls.pharmacist.resetColleagueTotp, { body: { accountId }, token });

  it('turns the colleague\'s two-factor login off and ends their sessions; they log in with the password and are told by mail', async () => {
    const secret = generateSecret();
    const colleague = await createAccount(pharmacy.ctx, pharmacy.client, { type: 'Employee', totpSecret: secret });
    const session = await login(pharmacy.ctx, colleague, { pin: await totpCode(secret) });
    expect((await getById(colleague.id)).json()).toMatchObject({ totpEnabled: true });

    const res = await reset(colleague.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await getById(colleague.id)).json()).toMatchObject({ totpEnabled: false });
    // Their session ended at once.
    const refused = await call(pharmacy.ctx, calls.account.isTotpEnabled, { token: session.accessToken });
    expect(refused.statusCode).toBe(401);
    // The password alone logs in now, so that they can set it up again under Beveiliging.
    const again = await loginAttempt(pharmacy.ctx, { emailAddress: colleague.emailAddress, password: colleague.password });
    expect(again.statusCode, again.body).toBe(200);
    const [mail] = (await mailsTo(pharmacy.ctx, colleague.emailAddress)).slice(-1);
    expect(mail?.subject).toBe('Uw tweestapsverificatie is uitgezet');
    expect(mail?.textBody).toContain('heeft de tweestapsverificatie van uw account');
    const [audit] = (await auditRows(pharmacy.ctx, 'PharmacistTotpReset')).slice(-1);
    expect(audit).toMatchObject({ outcome: 'Success', account_id: pharmacy.admin.id, client_id: pharmacy.client.id });
  });

  it('refuses one\'s own account, a colleague without it, another customer\'s account and an employee', async () => {
    expectFieldErrors(await reset(pharmacy.admin.id), 'accountId', [validation.cannotResetOwnTotp]);
    expectFieldErrors(await reset(pharmacy.employee.id), 'accountId', [validation.totpNotEnabled]);
    expectProblem(await reset(pharmacy.otherAccount.id), 404);
    expectProblem(await reset(pharmacy.employee.id, pharmacy.employeeToken), 403, feedback.forbidden);
  });
});
