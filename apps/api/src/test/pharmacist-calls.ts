import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, type Pharmacist } from '@portal/contract';
import { accounts } from '../db/schema.js';
import { call, createAccount, createCustomer, createTestContext, linkIn, mailsTo, type TestCustomer, type TestContext } from './harness.js';
import { freshAddress, login } from './auth-helpers.js';

const ph = calls.pharmacist;

/** The password an account activated through its mail gets in these tests. */
export const NEW_PASSWORD = 'Nieuw-Wachtwoord7';

let counter = 0;
/** An address no account of the run has. */
export const newEmail = () => `medewerker-${Date.now().toString(36)}-${(counter += 1)}@apotheek.test`;

/** A valid body of Pharmacist/AddPharmacist with a fresh address. */
export const addBody = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: newEmail(),
  firstName: 'Anna',
  middleName: 'de',
  lastName: 'Jong',
  pharmacistType: 'Employee',
  ...overrides,
});

/** Who the calls are made for: read when a call is made (after `beforeAll`), not when the kit is made. */
export interface PharmacistSession {
  ctx: TestContext;
  client: TestCustomer;
  adminToken: string;
}

/** The Pharmacist calls as an administrator makes them (another token where given), and the steps the tests share. */
export function pharmacistCalls(session: () => PharmacistSession) {
  const ctx = () => session().ctx;
  const add = (body: unknown, token = session().adminToken) => call(ctx(), ph.addPharmacist, { body, token });
  const getById = (id: number | string, token = session().adminToken) =>
    call(ctx(), ph.getPharmacistById, { query: { AccountId: String(id) }, token });
  const update = (body: unknown, token = session().adminToken) => call(ctx(), ph.updatePharmacist, { body, token });
  const remove = (id: number | string, token = session().adminToken) =>
    call(ctx(), ph.deletePharmacistById, { query: { Id: String(id) }, token });
  const table = (body: unknown, token = session().adminToken) => call(ctx(), ph.getPharmacistTable, { body, token });

  async function idOf(emailAddress: string): Promise<number> {
    const [row] = await ctx().database.ownerDb.select({ id: accounts.id }).from(accounts).where(eq(accounts.emailAddress, emailAddress));
    return row!.id;
  }

  /** The pharmacist as the update call takes it. */
  async function current(id: number, token = session().adminToken): Promise<Pharmacist> {
    const res = await getById(id, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Pharmacist>();
  }

  /** Activates an account through the link of its latest activation mail, as its owner would. */
  async function activateFromMail(emailAddress: string): Promise<void> {
    const mail = (await mailsTo(ctx(), emailAddress)).at(-1)!;
    const activationToken = linkIn(mail.textBody, '/auth/activate').searchParams.get('token')!;
    const address = freshAddress();
    const valid = await call(ctx(), calls.authentication.isActivationKeyValid, { body: { activationToken }, remoteAddress: address });
    expect(valid.statusCode, valid.body).toBe(200);
    const res = await call(ctx(), calls.authentication.activateAccount, {
      body: { activationToken, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(204);
  }

  /** A second, active administrator of the customer (the session's unless given), logged in. */
  async function anotherAdministrator(client: TestCustomer = session().client) {
    const account = await createAccount(ctx(), client, { type: 'Administrator' });
    return { account, token: (await login(ctx(), account)).accessToken };
  }

  return { add, getById, update, remove, table, idOf, current, activateFromMail, anotherAdministrator };
}

/**
 * What the Pharmacist tests start from, on a database of their own: the customer Apotheek De Linde with its
 * administrator Sanne (logged in), and another customer with an employee whose address is known.
 */
export async function pharmacistCustomers() {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const admin = await createAccount(ctx, client, { type: 'Administrator', firstName: 'Sanne' });
  const adminToken = (await login(ctx, admin)).accessToken;
  const otherAccount = await createAccount(ctx, other, { type: 'Employee', emailAddress: 'j.dijk@hetbaken.test' });
  return { ctx, client, other, admin, adminToken, otherAccount };
}
