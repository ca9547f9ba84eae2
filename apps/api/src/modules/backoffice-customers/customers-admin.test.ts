import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeCustomerCalls as customers,
  calls,
  customerText,
  deploymentProfilePath,
  deploymentProfiles,
  feedback,
  type CustomerDetail,
  type CustomerRow,
  type TableResponse,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { expectProblem, freshAddress, login, loginAttempt } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, linkIn, mailsTo, type TestContext } from '../../test/harness.js';
import { staffToken } from '../backoffice/test-support.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await staffToken(ctx, 'Klantenservice');
});
afterAll(async () => {
  await ctx?.close();
});

const ok = async <T>(res: { statusCode: number; body: string; json: <U>() => U }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? (undefined as T) : res.json<T>();
};
const create = (body: Record<string, unknown>) => call(ctx, customers.create, { token, body });

describe('customers in the back-office', () => {
  it('is for Beheerder and Klantenservice only', async () => {
    expect((await call(ctx, customers.getTable, { token: await staffToken(ctx, 'Kwaliteit'), body: {} })).statusCode).toBe(403);
    const customer = await login(ctx, await createAccount(ctx, await createCustomer(ctx)));
    expect((await call(ctx, customers.getTable, { token: customer.accessToken, body: {} })).statusCode).toBe(401);
  });

  it('creates a customer with a unique code, lists, searches and sorts them', async () => {
    const { id } = await ok<{ id: string }>(await create({ code: 'APO-7001', name: 'Apotheek Het Anker', kind: 'Pharmacy', site: null }));
    await ok(await create({ code: 'ZRG-7002', name: 'Zorggroep Aan Zee', kind: 'CareInstitution', site: 'apeldoorn' }));
    expect(expectProblem(await create({ code: 'APO-7001', name: 'Dubbel', kind: 'Pharmacy', site: null }), 400).errors?.code).toEqual([customerText.codeInUse]);
    expect((await create({ code: 'X', name: 'Y', kind: 'Winkel', site: null })).statusCode).toBe(400);

    const found = await ok<TableResponse<CustomerRow>>(await call(ctx, customers.getTable, { token, body: { search: 'anker' } }));
    expect(found.items).toEqual([expect.objectContaining({ id, code: 'APO-7001', kind: 'Pharmacy', site: null, accounts: 0, isActive: true })]);
    const byCode = await ok<TableResponse<CustomerRow>>(await call(ctx, customers.getTable, { token, body: { sortBy: 'code', descending: true } }));
    expect(byCode.items.map((r) => r.code)).toEqual([...byCode.items.map((r) => r.code)].sort().reverse());
  });

  it('keeps codes in capitals, finds them typed in any case, and refuses one that differs in case only (issue 26.8)', async () => {
    const { id } = await ok<{ id: string }>(await create({ code: ' apo-3001 ', name: 'Apotheek Het Anker', kind: 'Pharmacy', site: null }));
    expect((await ok<CustomerDetail>(await call(ctx, customers.get, { token, query: { Id: id } }))).code).toBe('APO-3001');
    expect(expectProblem(await create({ code: 'Apo-3001', name: 'Dubbel', kind: 'Pharmacy', site: null }), 400).errors?.code).toEqual([customerText.codeInUse]);
    const found = await ok<TableResponse<CustomerRow>>(await call(ctx, customers.getTable, { token, body: { search: 'apo-3001' } }));
    expect(found.items.map((r) => r.id)).toEqual([id]);

    // No way around it: the table itself keeps codes in capitals.
    await expect(ctx.database.ownerDb.execute(sql`insert into clients (client_code, name, kind) values ('apo-3002', 'Apotheek Oud', 'Pharmacy')`)).rejects.toThrow();
  });

  it('invites the first administrator with the activation mail of the invite command; the account activates', async () => {
    const { id } = await ok<{ id: string }>(await create({ code: 'APO-7003', name: 'Apotheek De Vaart', kind: 'Pharmacy', site: null }));
    const emailAddress = 'a.devries@devaart.example';
    await ok(await call(ctx, customers.inviteAdministrator, { token, body: { id, emailAddress, firstName: 'Anna', middleName: 'de', lastName: 'Vries' } }));
    const again = await call(ctx, customers.inviteAdministrator, { token, body: { id, emailAddress, firstName: 'Anna', lastName: 'Vries' } });
    expect(expectProblem(again, 400).errors?.emailAddress).toBeDefined();
    const [mail] = await mailsTo(ctx, emailAddress);
    const activation = linkIn(mail!.textBody, '/auth/activate');
    await ok(await call(ctx, calls.authentication.activateAccount, {
      body: { activationToken: activation.searchParams.get('token'), password: 'Anker#Wachtwoord1', passwordRepeat: 'Anker#Wachtwoord1' },
    }));
    const detail = await ok<CustomerDetail>(await call(ctx, customers.get, { token, query: { Id: id } }));
    expect(detail.accountList).toEqual([expect.objectContaining({ name: 'Anna de Vries', type: 'Administrator', isActive: true, isInvited: false })]);
    expect(detail.defaultSite).toBe('default');
  });

  it('deactivating stops logins and ends live sessions at once; activating again lets them in', async () => {
    const client = await createCustomer(ctx, 'Apotheek Sluit');
    const account = await createAccount(ctx, client);
    const live = await login(ctx, account);
    await ok(await call(ctx, customers.setActive, { token, body: { id: client.id, isActive: false } }));
    expect((await call(ctx, calls.faq.getFaqItems, { token: live.accessToken })).statusCode).toBe(401);
    const refused = await loginAttempt(ctx, { emailAddress: account.emailAddress, password: account.password });
    expectProblem(refused, 400, feedback.loginFailed);
    const detail = await ok<CustomerDetail>(await call(ctx, customers.get, { token, query: { Id: client.id } }));
    expect(detail.isActive).toBe(false);
    expect(detail.deactivatedAt).not.toBeNull();
    expect(detail.departmentList).toEqual([expect.objectContaining({ name: 'Afdeling A', patients: 1 })]);

    await ok(await call(ctx, customers.setActive, { token, body: { id: client.id, isActive: true } }));
    await login(ctx, account, { remoteAddress: freshAddress() });
  });

  it('sets the site per customer: it decides the profile and which report call the customer may use', async () => {
    const client = await createCustomer(ctx, 'Apotheek Alkmaar');
    const customerToken = (await login(ctx, await createAccount(ctx, client))).accessToken;
    const profile = async () =>
      (await ctx.app.inject({ method: 'GET', url: deploymentProfilePath, headers: { authorization: `Bearer ${customerToken}` } })).json<unknown>();
    expect(await profile()).toMatchObject(deploymentProfiles.default);
    expect((await call(ctx, calls.forms.getDropdownDataAlkmaar, { token: customerToken })).statusCode).toBe(404);

    await ok(await call(ctx, customers.update, { token, body: { id: client.id, name: 'Apotheek Alkmaar', kind: 'Pharmacy', site: 'alkmaar' } }));
    expect(await profile()).toMatchObject(deploymentProfiles.alkmaar);
    expect((await call(ctx, calls.forms.getDropdownDataAlkmaar, { token: customerToken })).statusCode).toBe(200);
    expect((await call(ctx, calls.forms.getImperfectionCatalogueOosterwolde, { token: customerToken })).statusCode).toBe(404);
  });

  it('answers 404 for a customer that does not exist', async () => {
    expect((await call(ctx, customers.get, { token, query: { Id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    expect((await call(ctx, customers.setActive, { token, body: { id: '00000000-0000-4000-8000-000000000000', isActive: false } })).statusCode).toBe(404);
  });
});
