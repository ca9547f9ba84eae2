import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { calls, feedback, validation, type Pharmacist, type TableResponse } from '@portal/contract';
import { accounts, serviceProducts, sessionFamilies } from '../../db/schema.js';
import {
  accountRow,
  auditRows,
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
import { expectFieldErrors, expectProblem, freshAddress, login, loginAttempt } from '../../test/auth-helpers.js';

let ctx: TestContext;
let client: TestClient;
let other: TestClient;
let admin: TestAccount;
let adminToken: string;
let employeeToken: string;
let otherAccount: TestAccount;

const ph = calls.pharmacist;
const NEW_PASSWORD = 'Nieuw-Wachtwoord7';

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createClient(ctx, 'Apotheek De Linde');
  other = await createClient(ctx, 'Zorggroep Het Baken');
  admin = await createAccount(ctx, client, { type: 'Administrator', firstName: 'Sanne' });
  adminToken = (await login(ctx, admin)).accessToken;
  employeeToken = (await login(ctx, await createAccount(ctx, client, { type: 'Employee' }))).accessToken;
  otherAccount = await createAccount(ctx, other, { type: 'Employee', emailAddress: 'j.dijk@hetbaken.test' });
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const newEmail = () => `medewerker-${Date.now().toString(36)}-${(counter += 1)}@apotheek.test`;
const addBody = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: newEmail(),
  firstName: 'Anna',
  middleName: 'de',
  lastName: 'Jong',
  pharmacistType: 'Employee',
  ...overrides,
});
const add = (body: unknown, token = adminToken) => call(ctx, ph.addPharmacist, { body, token });
const getById = (id: number | string, token = adminToken) => call(ctx, ph.getPharmacistById, { query: { AccountId: String(id) }, token });
const update = (body: unknown, token = adminToken) => call(ctx, ph.updatePharmacist, { body, token });
const remove = (id: number | string, token = adminToken) => call(ctx, ph.deletePharmacistById, { query: { Id: String(id) }, token });
const table = (body: unknown, token = adminToken) => call(ctx, ph.getPharmacistTable, { body, token });

async function idOf(emailAddress: string): Promise<number> {
  const [row] = await ctx.database.ownerDb.select({ id: accounts.id }).from(accounts).where(eq(accounts.emailAddress, emailAddress));
  return row!.id;
}

/** The pharmacist as the update call takes it. */
async function current(id: number, token = adminToken): Promise<Pharmacist> {
  const res = await getById(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pharmacist>();
}

/** Activates an account through the link of its latest activation mail, as its owner would. */
async function activateFromMail(emailAddress: string): Promise<void> {
  const mail = (await mailsTo(ctx, emailAddress)).at(-1)!;
  const activationToken = linkIn(mail.textBody, '/auth/activate').searchParams.get('token')!;
  const address = freshAddress();
  const valid = await call(ctx, calls.authentication.isActivationKeyValid, { body: { activationToken }, remoteAddress: address });
  expect(valid.statusCode, valid.body).toBe(200);
  const res = await call(ctx, calls.authentication.activateAccount, {
    body: { activationToken, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(204);
}

/** A second, active administrator of the customer, logged in. */
async function anotherAdministrator(c: TestClient = client) {
  const account = await createAccount(ctx, c, { type: 'Administrator' });
  return { account, token: (await login(ctx, account)).accessToken };
}

describe('only administrators', () => {
  it('gives an Employee 403 on every Pharmacist call, whatever the body, and changes nothing', async () => {
    const someone = await idOf(admin.emailAddress);
    const attempts = [
      await add(addBody(), employeeToken),
      await add({ junk: true }, employeeToken),
      await getById(someone, employeeToken),
      await table({}, employeeToken),
      await update({ ...(await current(someone)), firstName: 'Gehackt' }, employeeToken),
      await update({}, employeeToken),
      await remove(someone, employeeToken),
      await remove('abc', employeeToken),
    ];
    for (const res of attempts) expectProblem(res, 403, feedback.forbidden);
    expect((await accountRow(ctx, admin)).firstName).toBe('Sanne');
  });

  it('needs a token', async () => {
    expect((await call(ctx, ph.getPharmacistTable, { body: {} })).statusCode).toBe(401);
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
    });
    // Not usable before activation.
    expectProblem(await loginAttempt(ctx, { emailAddress: 'anna.de.jong@apotheek.test', password: NEW_PASSWORD }), 400);

    const [mail] = await mailsTo(ctx, 'Anna.de.Jong@Apotheek.test');
    expect(mail!.subject).toBe('Activeer uw account bij Mijn Spits');
    expect(mail!.textBody).toContain('Beste Anna,');
    await activateFromMail('Anna.de.Jong@Apotheek.test');
    const session = await login(ctx, { emailAddress: 'anna.de.jong@apotheek.test', password: NEW_PASSWORD });
    expect(session.userInfo).toEqual({ firstName: 'Anna', isAdministrator: true });
    expect((await current(id)).isActive).toBe(true);

    const audit = (await auditRows(ctx, 'PharmacistAdd')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', account_id: admin.id, client_id: client.id });
  });

  it("refuses an address in use, in any case, also by another customer's account, without saying whose", async () => {
    for (const emailAddress of [admin.emailAddress.toUpperCase(), 'J.Dijk@HetBaken.TEST']) {
      const res = await add(addBody({ emailAddress }));
      const problem = expectFieldErrors(res, 'emailAddress', [validation.emailAddressInUse]);
      expect(JSON.stringify(problem)).not.toMatch(/Baken|Linde/);
      expect(problem.title).toBe('Dit e-mailadres is al in gebruik');
    }
    const rows = await ctx.database.ownerDb.execute(sql`select 1 from accounts where lower(email_address) = 'j.dijk@hetbaken.test'`);
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
    expectFieldErrors(await add(addBody({ clientId: other.id })), 'clientId', [validation.unknownField]);
  });
});

describe('Pharmacist/GetPharmacistById', () => {
  it("answers 404 for another customer's account and for an unknown id", async () => {
    expectProblem(await getById(otherAccount.id), 404);
    expectProblem(await getById(2_000_000), 404);
    expectFieldErrors(await getById('x'), 'AccountId', [validation.invalidValue]);
  });
});

describe('Pharmacist/GetPharmacistTable', () => {
  it('defaults to 30 rows by account id descending, only the own customer, and pages, sorts and searches', async () => {
    for (let n = 0; n < 32; n += 1) await createAccount(ctx, client, { type: 'Employee', firstName: `Medewerker${n}` });
    const res = await table({});
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TableResponse<Pharmacist>>();
    const own = await ctx.database.ownerDb.select({ id: accounts.id }).from(accounts).where(eq(accounts.clientId, client.id));
    expect(page.total).toBe(own.length);
    expect(page.items).toHaveLength(30);
    const ids = page.items.map((row) => row.accountId);
    expect(ids).toEqual(own.map((a) => a.id).sort((a, b) => b - a).slice(0, 30));
    expect(ids).not.toContain(otherAccount.id);

    const last = (await table({ page: 2 })).json<TableResponse<Pharmacist>>();
    expect(last.items).toHaveLength(page.total - 30);
    const byName = (await table({ sortBy: 'firstName', rowsPerPage: 10 })).json<TableResponse<Pharmacist>>();
    expect(byName.items).toHaveLength(10);
    expect(byName.items[0]!.firstName).toBe('Anna');

    const search = (await table({ search: 'anna de jong' })).json<TableResponse<Pharmacist>>();
    expect(search.items.map((r) => r.emailAddress)).toContain('Anna.de.Jong@Apotheek.test');
    const admins = (await table({ search: 'beheerder', rowsPerPage: 100 })).json<TableResponse<Pharmacist>>();
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((r) => r.pharmacistType === 'Administrator')).toBe(true);
    expect((await table({ search: 'hetbaken' })).json<TableResponse<Pharmacist>>().total).toBe(0);
    expectFieldErrors(await table({ sortBy: 'passwordHash' }), 'sortBy', [validation.invalidValue]);
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
    const audit = (await auditRows(ctx, 'PharmacistUpdate')).at(-1)! as { details?: { changed: string[] } };
    expect(audit).toMatchObject({ outcome: 'Success', account_id: admin.id });
    expect(audit.details?.changed).toEqual(['firstName', 'middleName', 'lastName', 'pharmacistType']);
  });

  it("answers 404 for another customer's account and changes nothing there", async () => {
    const res = await update({
      accountId: otherAccount.id,
      emailAddress: otherAccount.emailAddress,
      firstName: 'Gehackt',
      lastName: 'X',
      pharmacistType: 'Administrator',
      isActive: true,
    });
    expectProblem(res, 404);
    expect((await accountRow(ctx, otherAccount)).pharmacistType).toBe('Employee');
  });

  it('does not let an administrator demote or deactivate themself', async () => {
    const me = await current(admin.id);
    expectFieldErrors(await update({ ...me, pharmacistType: 'Employee' }), 'pharmacistType', [validation.cannotDemoteSelf]);
    expectFieldErrors(await update({ ...me, isActive: false }), 'isActive', [validation.cannotDeactivateSelf]);
    expect(await current(admin.id)).toEqual(me);
  });

  it('refuses an address in use by another account, in another case, of any customer', async () => {
    const { account } = await anotherAdministrator();
    const target = await current(account.id);
    expectFieldErrors(await update({ ...target, emailAddress: admin.emailAddress.toUpperCase() }), 'emailAddress', [validation.emailAddressInUse]);
    expectFieldErrors(await update({ ...target, emailAddress: otherAccount.emailAddress.toUpperCase() }), 'emailAddress', [
      validation.emailAddressInUse,
    ]);
    // Its own address in another case is no conflict.
    expect((await update({ ...target, emailAddress: target.emailAddress.toUpperCase() })).statusCode).toBe(204);
  });

  it('ends the sessions of an account that is deactivated, or whose address changes', async () => {
    const deactivated = await createAccount(ctx, client, { type: 'Employee' });
    const session = await login(ctx, deactivated);
    expect((await call(ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(200);
    expect((await update({ ...(await current(deactivated.id)), isActive: false })).statusCode).toBe(204);
    expect((await call(ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(401);
    const refresh = await call(ctx, calls.authentication.refreshAccessToken, {
      body: { accessToken: session.accessToken, refreshToken: session.refreshToken },
      remoteAddress: freshAddress(),
    });
    expect(refresh.statusCode).toBe(401);

    const renamed = await createAccount(ctx, client, { type: 'Employee' });
    const renamedSession = await login(ctx, renamed);
    const newAddress = newEmail();
    expect((await update({ ...(await current(renamed.id)), emailAddress: newAddress })).statusCode).toBe(204);
    expect((await call(ctx, calls.serviceProduct.getServiceProducts, { token: renamedSession.accessToken })).statusCode).toBe(401);
    await login(ctx, { emailAddress: newAddress, password: renamed.password });
  });

  it('sends a new activation link to the new address of an account not yet activated; the old link stops working', async () => {
    const first = newEmail();
    await add(addBody({ emailAddress: first }));
    const id = await idOf(first);
    const oldLink = linkIn((await mailsTo(ctx, first)).at(-1)!.textBody, '/auth/activate').searchParams.get('token')!;
    const second = newEmail();
    expect((await update({ ...(await current(id)), emailAddress: second })).statusCode).toBe(204);
    const check = await call(ctx, calls.authentication.isActivationKeyValid, { body: { activationToken: oldLink }, remoteAddress: freshAddress() });
    expect(check.json()).toBe(false);
    await activateFromMail(second);
    await login(ctx, { emailAddress: second, password: NEW_PASSWORD });
  });

  it('does not make an account active that was never activated (only its mail link does)', async () => {
    const emailAddress = newEmail();
    await add(addBody({ emailAddress }));
    const id = await idOf(emailAddress);
    expectFieldErrors(await update({ ...(await current(id)), isActive: true }), 'isActive', [validation.accountNotYetActivated]);
  });

  it('reactivates an account that was deactivated', async () => {
    const account = await createAccount(ctx, client, { type: 'Employee' });
    await update({ ...(await current(account.id)), isActive: false });
    expect((await update({ ...(await current(account.id)), isActive: true })).statusCode).toBe(204);
    await login(ctx, account);
  });
});

describe('Pharmacist/DeletePharmacistById', () => {
  it("removes an account at once: its access token gets 401 right away; its orders keep the orderer's name", async () => {
    const leaving = await createAccount(ctx, client, { type: 'Employee', firstName: 'Karin' });
    const session = await login(ctx, leaving);
    const [product] = await ctx.database.ownerDb
      .insert(serviceProducts)
      .values({ articleCode: 'SP-DEL', name: 'Sealtape', description: '50 mm', price: 2.5 })
      .returning({ id: serviceProducts.id });
    const placed = await call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
      body: { orderRows: [{ serviceProductId: product!.id, amount: 2 }] },
      token: session.accessToken,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { serviceProductOrderId } = placed.json<{ serviceProductOrderId: number }>();
    await call(ctx, calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer komt de levering?' }, token: session.accessToken });

    const res = await remove(leaving.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(401);
    expect(
      (await call(ctx, calls.authentication.refreshAccessToken, {
        body: { accessToken: session.accessToken, refreshToken: session.refreshToken },
        remoteAddress: freshAddress(),
      })).statusCode,
    ).toBe(401);
    expectProblem(await getById(leaving.id), 404);
    const families = await ctx.database.ownerDb
      .select()
      .from(sessionFamilies)
      .where(and(eq(sessionFamilies.clientId, client.id), eq(sessionFamilies.accountId, leaving.id)));
    expect(families).toHaveLength(0);

    const order = await call(ctx, calls.serviceProductOrder.getServiceProductOrderById, {
      query: { ServiceProductOrderId: String(serviceProductOrderId) },
      token: adminToken,
    });
    expect(order.json()).toMatchObject({
      requesterName: 'Karin Pieters',
      requesterEmail: leaving.emailAddress,
      createdByPharmacistAccountId: null,
      createdByPharmacistEmailAddress: leaving.emailAddress,
    });
    const submissions = await ctx.database.ownerDb.execute<{ account_id: number | null; submitter_email: string }>(
      sql`select account_id, submitter_email from form_submissions where submitter_email = ${leaving.emailAddress}`,
    );
    expect(submissions.rows).toEqual([{ account_id: null, submitter_email: leaving.emailAddress }]);
    const audit = (await auditRows(ctx, 'PharmacistDelete')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', account_id: admin.id, client_id: client.id });

    // The address is free again.
    expect((await add(addBody({ emailAddress: leaving.emailAddress }))).statusCode).toBe(204);
  });

  it("does not let an administrator remove themself, and answers 404 for another customer's account", async () => {
    expectFieldErrors(await remove(admin.id), 'Id', [validation.cannotDeleteSelf]);
    expectProblem(await remove(otherAccount.id), 404);
    // Refusals are in the audit trail too.
    const refusals = (await auditRows(ctx, 'PharmacistDelete')).filter((row) => row.outcome === 'Failure').slice(-2);
    expect(refusals).toEqual([
      expect.objectContaining({ account_id: admin.id, client_id: client.id, details: { status: 400, fields: ['Id'] } }),
      expect.objectContaining({ account_id: admin.id, client_id: client.id, details: { status: 404, fields: [] } }),
    ]);
    expect(await accountRow(ctx, otherAccount)).toBeDefined();
    expectProblem(await remove(2_000_000), 404);
  });
});

describe('the last active administrator', () => {
  it('is kept when two administrators demote each other at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const shop = await createClient(ctx, `Apotheek ${round}`);
      const a = await anotherAdministrator(shop);
      const b = await anotherAdministrator(shop);
      const [demoteB, demoteA] = await Promise.all([
        update({ ...(await current(b.account.id, a.token)), pharmacistType: 'Employee' }, a.token),
        update({ ...(await current(a.account.id, b.token)), pharmacistType: 'Employee' }, b.token),
      ]);
      const statuses = [demoteB.statusCode, demoteA.statusCode];
      expect(statuses.filter((s) => s === 204), JSON.stringify([demoteB.body, demoteA.body])).toHaveLength(1);
      const refused = [demoteB, demoteA].find((r) => r.statusCode !== 204)!;
      if (refused.statusCode === 400) expectFieldErrors(refused, 'pharmacistType', [validation.lastAdministrator]);
      else expectProblem(refused, 403);
      const left = await ctx.database.ownerDb.execute<{ n: number }>(
        sql`select count(*)::int as n from accounts where client_id = ${shop.id} and pharmacist_type = 'Administrator' and is_active`,
      );
      expect(left.rows[0]!.n).toBe(1);
    }
  });

  it('is kept when two administrators deactivate or remove each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const shop = await createClient(ctx, `Zorggroep ${round}`);
      const a = await anotherAdministrator(shop);
      const b = await anotherAdministrator(shop);
      const results = await Promise.all([
        update({ ...(await current(b.account.id, a.token)), isActive: false }, a.token),
        remove(a.account.id, b.token),
      ]);
      expect(results.filter((r) => r.statusCode === 204), JSON.stringify(results.map((r) => r.body))).toHaveLength(1);
      for (const refused of results.filter((r) => r.statusCode !== 204)) expect([400, 401, 403]).toContain(refused.statusCode);
      const left = await ctx.database.ownerDb.execute<{ n: number }>(
        sql`select count(*)::int as n from accounts where client_id = ${shop.id} and pharmacist_type = 'Administrator' and is_active`,
      );
      expect(left.rows[0]!.n).toBe(1);
    }
  });
});
