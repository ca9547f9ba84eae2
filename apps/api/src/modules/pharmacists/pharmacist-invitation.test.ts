import { describe, expect, it } from 'vitest';
import { calls, feedback, validation } from '@portal/contract';
import { auditRows, call, createAccount, linkIn, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { addBody, pharmacistCalls, pharmacistCustomers } from '../../test/pharmacist-calls.js';

/** Issue 13: an invited account shows as such, and its administrator can send the invitation again. */
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
