import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, feedback, type AuthData, type CallDefinition } from '@portal/contract';
import { accounts, refreshTokens } from '../../db/schema.js';
import { hashToken, type AccessClaims } from '../../lib/crypto.js';
import {
  accountRow,
  call,
  createAccount,
  createCustomer,
  createTestContext,
  linkIn,
  mailsTo,
  type CallOptions,
  type TestAccount,
  type TestCustomer,
  type TestContext,
} from '../../test/harness.js';
import { expectProblem, freshAddress, login, loginAttempt } from '../../test/auth-helpers.js';

// The one set-up of the auth test files: each file its own database and app (files run in parallel), one
// customer, and the calls these files make again and again, each stated once.

type AccountOptions = Parameters<typeof createAccount>[2];

export interface AuthTestContext {
  /** the file's app and database; only inside a test or hook */
  readonly ctx: TestContext;
  /** the customer every account of the file belongs to */
  readonly client: TestCustomer;
  /** a new account of the customer (an active Administrator with TEST_PASSWORD unless told otherwise) */
  account(options?: AccountOptions): Promise<TestAccount>;
  /** a new account, logged in */
  session(options?: AccountOptions): Promise<{ account: TestAccount; auth: AuthData }>;
  /** the account's row as it is now */
  row(account: TestAccount): Promise<typeof accounts.$inferSelect>;
  /** changes the account's row as the owner (a lock, a switch-off) */
  setAccount(account: TestAccount, values: Partial<typeof accounts.$inferInsert>): Promise<void>;
  call(def: CallDefinition, options?: CallOptions): ReturnType<typeof call>;
  login(account: Pick<TestAccount, 'emailAddress' | 'password'>, options?: Parameters<typeof login>[2]): Promise<AuthData>;
  loginAttempt(body: { emailAddress: string; password: string; pin?: string }, remoteAddress?: string): ReturnType<typeof call>;
  /** Authentication/RefreshAccessToken from an address of its own */
  refresh(auth: Pick<AuthData, 'refreshToken'> & Partial<Pick<AuthData, 'accessToken'>>): ReturnType<typeof call>;
  /** Account/IsTotpEnabled: the cheapest call that tells whether an access token works */
  isTotpEnabled(token?: string, headers?: Record<string, string>): ReturnType<typeof call>;
  /** As if the rotation of `auth`'s refresh token was a minute ago: beyond the reuse grace. */
  pastTheGrace(auth: Pick<AuthData, 'refreshToken'>): Promise<void>;
}

export function authTestContext(): AuthTestContext {
  let ctx: TestContext | undefined;
  let client: TestCustomer | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
    client = await createCustomer(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the auth test context is used outside a test');
    return value;
  };
  const t: AuthTestContext = {
    get ctx() {
      return ready(ctx);
    },
    get client() {
      return ready(client);
    },
    account: (options) => createAccount(t.ctx, t.client, options),
    async session(options) {
      const account = await t.account(options);
      return { account, auth: await t.login(account) };
    },
    row: (account) => accountRow(t.ctx, account),
    async setAccount(account, values) {
      await t.ctx.database.ownerDb
        .update(accounts)
        .set(values)
        .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
    },
    call: (def, options) => call(t.ctx, def, options),
    login: (account, options) => login(t.ctx, account, options),
    loginAttempt: (body, remoteAddress) => loginAttempt(t.ctx, body, remoteAddress),
    refresh: (auth) =>
      t.call(calls.authentication.refreshAccessToken, {
        body: { accessToken: auth.accessToken ?? null, refreshToken: auth.refreshToken },
        remoteAddress: freshAddress(),
      }),
    isTotpEnabled: (token, headers = {}) => t.call(calls.account.isTotpEnabled, { token, headers }),
    async pastTheGrace(auth) {
      await t.ctx.database.ownerDb
        .update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.tokenHash, hashToken(auth.refreshToken)));
    },
  };
  return t;
}

/** The claims the server put in an access token (decoded, not verified). */
export function claimsOf(accessToken: string): AccessClaims {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    cid: string;
    adm: boolean;
    fam: string;
  };
  return { accountId: Number(payload.sub), customerId: payload.cid, isAdministrator: payload.adm, familyId: payload.fam };
}

/** A password the mailed-link flows set, other than the account's own. */
export const NEW_PASSWORD = 'Nieuw-Wachtwoord7';

/** The calls of the two mailed-link flows (password reset, activation), each from an address of its own. */
export function oneTimeTokenCalls(t: AuthTestContext) {
  const a = calls.authentication;
  const send = (def: CallDefinition, body: Record<string, string>) => t.call(def, { body, remoteAddress: freshAddress() });
  const flows = {
    requestReset: (emailAddress: string) => send(a.requestPasswordResetToken, { emailAddress }),
    isResetValid: (passwordResetToken: string) => send(a.isPasswordResetTokenValid, { passwordResetToken }),
    resetPassword: (passwordResetToken: string, password: string, passwordRepeat = password) =>
      send(a.resetPassword, { passwordResetToken, password, passwordRepeat }),
    isActivationValid: (activationToken: string) => send(a.isActivationKeyValid, { activationToken }),
    activate: (activationToken: string, password: string, passwordRepeat = password) =>
      send(a.activateAccount, { activationToken, password, passwordRepeat }),
    /** The reset flow will not take this token: it says the token is invalid, and a reset with it fails. */
    async refusesReset(token: string) {
      expect((await flows.isResetValid(token)).json()).toBe(false);
      expectProblem(await flows.resetPassword(token, NEW_PASSWORD), 400, feedback.resetFailed);
    },
    /** The activation flow will not take this token: it says the token is invalid, and activating with it fails. */
    async refusesActivation(token: string) {
      expect((await flows.isActivationValid(token)).json()).toBe(false);
      expectProblem(await flows.activate(token, NEW_PASSWORD), 400, feedback.activationFailed);
    },
    /** Requests a reset through the API and answers the token from the link in the mail. */
    async resetTokenFor(account: TestAccount): Promise<string> {
      const res = await flows.requestReset(account.emailAddress);
      expect(res.statusCode).toBe(204);
      const mails = await mailsTo(t.ctx, account.emailAddress);
      const link = linkIn(mails.at(-1)!.textBody, '/auth/reset-password/update');
      return link.searchParams.get('token')!;
    },
  };
  return flows;
}
