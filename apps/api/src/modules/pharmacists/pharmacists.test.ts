import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, feedback, validation } from '@portal/contract';
import { accountRow, auditRows, call, createAccount, linkIn, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, freshAddress, login, loginAttempt } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { NEW_PASSWORD, addBody, newEmail, pharmacistCalls, pharmacistCustomers } from '../../test/pharmacist-calls.js';

const pharmacy = useOpened(async () => {
  const opened = await pharmacistCustomers();
  const employee = await createAccount(opened.ctx, opened.client, { type: 'Employee' });
  return { ...opened, employeeToken: (await login(opened.ctx, employee)).accessToken };
});

const { add, getById, update, remove, table, idOf, current, activateFromMail, anotherAdministrator } = pharmacistCalls(
  () => pharmacy,
);

describe('only administrators', () => {
  it('gives an Employee 403 on every Pharmacist call, whatever the body, and changes nothing', async () => {
    const someone = await idOf(pharmacy.admin.emailAddress);
    const attempts = [
      await add(addBody(), pharmacy.employeeToken),
      await add({ junk: true }, pharmacy.employeeToken),
      await getById(someone, pharmacy.employeeToken),
      await table({}, pharmacy.employeeToken),
      await update({ ...(await current(someone)), firstName: 'Gehackt' }, pharmacy.employeeToken),
      await update({}, pharmacy.employeeToken),
      await remove(someone, pharmacy.employeeToken),
      await remove('abc', pharmacy.employeeToken),
    ];
    for (const res of attempts) expectProblem(res, 403, feedback.forbidden);
    expect((await accountRow(pharmacy.ctx, pharmacy.admin)).firstName).toBe('Sanne');
  });

  it('follows the role as it is now: a demoted administrator gets 403 at once', async () => {
    const { account, token } = await anotherAdministrator();
    expect((await table({}, token)).statusCode).toBe(200);
    expect((await update({ ...(await current(account.id)), pharmacistType: 'Employee' })).statusCode).toBe(204);
    expectProblem(await table({}, token), 403);
  });
});

describe('Pharmacist/AddPharmacist', () => {
  it('creates an inactive account whose activation mail works: activate, then log in', async () => {
    const body = addBody({ emailAddress: '  Anna.de.Jong@Apotheek.test ', pharmacistType: 'Administrator' });
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(204);
    const id = await idOf('Anna.de.Jong@Apotheek.test');
    expect(await current(id)).toEqual({
      accountId: id,
      emailAddress: 'Anna.de.Jong@Apotheek.test',
      firstName: 'Anna',
      middleName: 'de',
      lastName: 'Jong',
      pharmacistType: 'Administrator',
      isActive: false,
      invited: true,
      totpEnabled: false,
    });
    // Not usable before activation.
    expectProblem(await loginAttempt(pharmacy.ctx, { emailAddress: 'anna.de.jong@apotheek.test', password: NEW_PASSWORD }), 400);

    const [mail] = await mailsTo(pharmacy.ctx, 'Anna.de.Jong@Apotheek.test');
    expect(mail!.subject).toBe('Activeer uw account bij Mijn Spits');
    expect(mail!.textBody).toContain('Beste Anna,');
    await activateFromMail('Anna.de.Jong@Apotheek.test');
    const session = await login(pharmacy.ctx, { emailAddress: 'anna.de.jong@apotheek.test', password: NEW_PASSWORD });
    expect(session.userInfo).toEqual({ firstName: 'Anna', isAdministrator: true });
    expect((await current(id)).isActive).toBe(true);

    const audit = (await auditRows(pharmacy.ctx, 'PharmacistAdd')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', account_id: pharmacy.admin.id, client_id: pharmacy.client.id });
  });

  it("refuses an address in use, in any case, also by another customer's account, without saying whose", async () => {
    for (const emailAddress of [pharmacy.admin.emailAddress.toUpperCase(), 'J.Dijk@HetBaken.TEST']) {
      const res = await add(addBody({ emailAddress }));
      const problem = expectFieldErrors(res, 'emailAddress', [validation.emailAddressInUse]);
      expect(JSON.stringify(problem)).not.toMatch(/Baken|Linde/);
      expect(problem.title).toBe('Dit e-mailadres is al in gebruik');
    }
    const rows = await pharmacy.ctx.database.ownerDb.execute(sql`select 1 from accounts where lower(email_address) = 'j.dijk@hetbaken.test'`);
    expect(rows.rows).toHaveLength(1);
  });

  it('refuses a second add of the same new address made at the same moment', async () => {
    const emailAddress = newEmail();
    const results = await Promise.all([add(addBody({ emailAddress })), add(addBody({ emailAddress: emailAddress.toUpperCase() }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    expectFieldErrors(results.find((r) => r.statusCode === 400)!, 'emailAddress', [validation.emailAddressInUse]);
  });

  it("words the spec's messages for missing fields and refuses an unknown type", async () => {
    const res = await add({ emailAddress: '', firstName: ' ', lastName: '' });
    const problem = expectProblem(res, 400);
    expect(problem.errors).toMatchObject({
      emailAddress: ['E-mailadres is required'],
      firstName: ['Firstname is required'],
      lastName: ['Lastname is required'],
      pharmacistType: ['Accounttype is required'],
    });
    expectFieldErrors(await add(addBody({ pharmacistType: 'Owner' })), 'pharmacistType', [validation.invalidValue]);
    expectFieldErrors(await add(addBody({ emailAddress: 'geen-adres' })), 'emailAddress', [validation.invalidEmail]);
    expectFieldErrors(await add(addBody({ customerId: pharmacy.other.id })), 'customerId', [validation.unknownField]);
  });
});

describe('Pharmacist/GetPharmacistById', () => {
  it("answers 404 for another customer's account and for an unknown id", async () => {
    expectProblem(await getById(pharmacy.otherAccount.id), 404);
    expectProblem(await getById(2_000_000), 404);
    expectFieldErrors(await getById('x'), 'AccountId', [validation.invalidValue]);
  });
});

describe('Pharmacist/UpdatePharmacist', () => {
  it('changes an account and writes an audit row', async () => {
    const emailAddress = newEmail();
    await add(addBody({ emailAddress }));
    const id = await idOf(emailAddress);
    const res = await update({ ...(await current(id)), firstName: 'Anne', middleName: null, lastName: 'Visser', pharmacistType: 'Administrator' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await current(id)).toMatchObject({ firstName: 'Anne', middleName: null, lastName: 'Visser', pharmacistType: 'Administrator' });
    const audit = (await auditRows(pharmacy.ctx, 'PharmacistUpdate')).at(-1)! as { details?: { changed: string[] } };
    expect(audit).toMatchObject({ outcome: 'Success', account_id: pharmacy.admin.id });
    expect(audit.details?.changed).toEqual(['firstName', 'middleName', 'lastName', 'pharmacistType']);
  });

  it("answers 404 for another customer's account and changes nothing there", async () => {
    const res = await update({
      accountId: pharmacy.otherAccount.id,
      emailAddress: pharmacy.otherAccount.emailAddress,
      firstName: 'Gehackt',
      lastName: 'X',
      pharmacistType: 'Administrator',
      isActive: true,
    });
    expectProblem(res, 404);
    expect((await accountRow(pharmacy.ctx, pharmacy.otherAccount)).pharmacistType).toBe('Employee');
  });

  it('does not let an administrator demote or deactivate themself', async () => {
    const me = await current(pharmacy.admin.id);
    expectFieldErrors(await update({ ...me, pharmacistType: 'Employee' }), 'pharmacistType', [validation.cannotDemoteSelf]);
    expectFieldErrors(await update({ ...me, isActive: false }), 'isActive', [validation.cannotDeactivateSelf]);
    expect(await current(pharmacy.admin.id)).toEqual(me);
  });

  it('refuses an address in use by another account, in another case, of any customer', async () => {
    const { account } = await anotherAdministrator();
    const target = await current(account.id);
    expectFieldErrors(await update({ ...target, emailAddress: pharmacy.admin.emailAddress.toUpperCase() }), 'emailAddress', [validation.emailAddressInUse]);
    expectFieldErrors(await update({ ...target, emailAddress: pharmacy.otherAccount.emailAddress.toUpperCase() }), 'emailAddress', [
      validation.emailAddressInUse,
    ]);
    // Its own address in another case is no conflict.
    expect((await update({ ...target, emailAddress: target.emailAddress.toUpperCase() })).statusCode).toBe(204);
  });

  it('ends the sessions of an account that is deactivated, or whose address changes', async () => {
    const deactivated = await createAccount(pharmacy.ctx, pharmacy.client, { type: 'Employee' });
    const session = await login(pharmacy.ctx, deactivated);
    expect((await call(pharmacy.ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(200);
    expect((await update({ ...(await current(deactivated.id)), isActive: false })).statusCode).toBe(204);
    expect((await call(pharmacy.ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(401);
    const refresh = await call(pharmacy.ctx, calls.authentication.refreshAccessToken, {
      body: { accessToken: session.accessToken, refreshToken: session.refreshToken },
      remoteAddress: freshAddress(),
    });
    expect(refresh.statusCode).toBe(401);

    const renamed = await createAccount(pharmacy.ctx, pharmacy.client, { type: 'Employee' });
    const renamedSession = await login(pharmacy.ctx, renamed);
    const newAddress = newEmail();
    expect((await update({ ...(await current(renamed.id)), emailAddress: newAddress })).statusCode).toBe(204);
    expect((await call(pharmacy.ctx, calls.serviceProduct.getServiceProducts, { token: renamedSession.accessToken })).statusCode).toBe(401);
    await login(pharmacy.ctx, { emailAddress: newAddress, password: renamed.password });
  });

  it('sends a new activation link to the new address of an account not yet activated; the old link stops working', async () => {
    const first = newEmail();
    await add(addBody({ emailAddress: first }));
    const id = await idOf(first);
    const oldLink = linkIn((await mailsTo(pharmacy.ctx, first)).at(-1)!.textBody, '/auth/activate').searchParams.get('token')!;
    const second = newEmail();
    expect((await update({ ...(await current(id)), emailAddress: second })).statusCode).toBe(204);
    const check = await call(pharmacy.ctx, calls.authentication.isActivationKeyValid, { body: { activationToken: oldLink }, remoteAddress: freshAddress() });
    expect(check.json()).toBe(false);
    await activateFromMail(second);
    await login(pharmacy.ctx, { emailAddress: second, password: NEW_PASSWORD });
  });

  it('does not make an account active that was never activated (only its mail link does)', async () => {
    const emailAddress = newEmail();
    await add(addBody({ emailAddress }));
    const id = await idOf(emailAddress);
    expectFieldErrors(await update({ ...(await current(id)), isActive: true }), 'isActive', [validation.accountNotYetActivated]);
  });

  it('reactivates an account that was deactivated', async () => {
    const account = await createAccount(pharmacy.ctx, pharmacy.client, { type: 'Employee' });
    await update({ ...(await current(account.id)), isActive: false });
    expect((await update({ ...(await current(account.id)), isActive: true })).statusCode).toBe(204);
    await login(pharmacy.ctx, account);
  });
});
