/**
 * Bad input on every Authentication/* and Account/* call: whatever a client sends, the answer is a 4xx
 * problem document with the spec's Dutch messages; never a 5xx, a stack trace or an English framework text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { calls, feedback, validation as v, type CallDefinition } from '@portal/contract';
import { call, createAccount, createClient, createTestContext, type TestAccount, type TestContext } from '../../test/harness.js';
import { expectProblem, freshAddress, login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let account: TestAccount;
/** logs in for every Logout case, and never sees a wrong password (which would count toward its lock) */
let logoutAccount: TestAccount;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const client = await createClient(ctx);
  account = await createAccount(ctx, client);
  logoutAccount = await createAccount(ctx, client);
  token = (await login(ctx, account)).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

interface FieldSpec {
  /** a value that passes validation */
  valid: string;
  /** the message when the field is missing or empty (spec section 5 where it words one) */
  required?: string;
  /** may be absent or null */
  optional?: boolean;
}

interface BodyCall {
  name: string;
  def: CallDefinition;
  fields: Record<string, FieldSpec>;
}

const a = calls.authentication;
const acc = calls.account;
const goodPassword = 'Geldig-Wachtwoord1';
const someToken = 'dGhpcy1pcy1ub3QtYS1yZWFsLXRva2VuLWJ1dC13ZWxsLWZvcm1lZA';

const bodyCalls: BodyCall[] = [
  {
    name: 'Authentication/LoginWithCredentials',
    def: a.loginWithCredentials,
    fields: {
      emailAddress: { valid: 'iemand@portal.test', required: 'E-mailadres is verplicht' },
      password: { valid: goodPassword, required: 'Wachtwoord is verplicht' },
    },
  },
  {
    name: 'Authentication/LoginWithTotp',
    def: a.loginWithTotp,
    fields: {
      emailAddress: { valid: 'iemand@portal.test', required: 'E-mailadres is verplicht' },
      password: { valid: goodPassword, required: 'Wachtwoord is verplicht' },
      pin: { valid: '123456', required: 'Code is verplicht' },
    },
  },
  {
    name: 'Authentication/RefreshAccessToken',
    def: a.refreshAccessToken,
    fields: {
      accessToken: { valid: 'a.b.c', optional: true },
      refreshToken: { valid: someToken, required: v.required },
    },
  },
  {
    name: 'Authentication/RequestPasswordResetToken',
    def: a.requestPasswordResetToken,
    fields: { emailAddress: { valid: 'iemand@portal.test', required: 'E-mailadres is verplicht' } },
  },
  {
    name: 'Authentication/IsPasswordResetTokenValid',
    def: a.isPasswordResetTokenValid,
    fields: { passwordResetToken: { valid: someToken, required: v.required } },
  },
  {
    name: 'Authentication/ResetPassword',
    def: a.resetPassword,
    fields: {
      passwordResetToken: { valid: someToken, required: v.required },
      password: { valid: goodPassword, required: v.newPasswordRequired },
      passwordRepeat: { valid: goodPassword, required: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord' },
    },
  },
  {
    name: 'Authentication/IsActivationKeyValid',
    def: a.isActivationKeyValid,
    fields: { activationToken: { valid: someToken, required: v.required } },
  },
  {
    name: 'Authentication/ActivateAccount',
    def: a.activateAccount,
    fields: {
      activationToken: { valid: someToken, required: v.required },
      password: { valid: goodPassword, required: v.newPasswordRequired },
      passwordRepeat: { valid: goodPassword, required: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord' },
    },
  },
  {
    name: 'Account/UpdatePassword',
    def: acc.updatePassword,
    fields: {
      currentPassword: { valid: 'Huidig-Wachtwoord1', required: 'Huidig wachtwoord is verplicht' },
      newPassword: { valid: goodPassword, required: 'Nieuw wachtwoord is verplicht' },
      passwordRepeat: { valid: goodPassword, required: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord' },
    },
  },
  {
    name: 'Account/EnableTotp',
    def: acc.enableTotp,
    fields: {
      currentPassword: { valid: goodPassword, required: 'Password is verplicht' },
      verificationPin: { valid: '123456', required: 'Code is verplicht' },
    },
  },
  {
    name: 'Account/DisableTotp',
    def: acc.disableTotp,
    fields: {
      currentPassword: { valid: goodPassword, required: 'Password is verplicht' },
      pin: { valid: '123456', required: 'Code is verplicht' },
    },
  },
];

const bodylessCalls: { name: string; def: CallDefinition }[] = [
  { name: 'Authentication/Logout', def: a.logout },
  { name: 'Account/IsTotpEnabled', def: acc.isTotpEnabled },
  { name: 'Account/GetTotpSetupCode', def: acc.getTotpSetupCode },
];

function validBody(c: BodyCall): Record<string, unknown> {
  return Object.fromEntries(Object.entries(c.fields).map(([key, spec]) => [key, spec.valid]));
}

/** Each call gets a live token when it needs one, so that the body, not the token, is what is checked. */
async function send(def: CallDefinition, options: { body?: unknown; headers?: Record<string, string> }) {
  const bearer = def.auth ? (def === a.logout ? (await login(ctx, logoutAccount)).accessToken : token) : undefined;
  return call(ctx, def, { ...options, token: bearer, remoteAddress: freshAddress() });
}

/** Any 4xx problem document, nothing else. */
function expectClientError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  return expectProblem(res, res.statusCode);
}

const wrongTypes: [string, unknown][] = [
  ['a number', 42],
  ['a boolean', true],
  ['an array', ['iemand@portal.test']],
  ['an empty array', []],
  ['an object', { value: 'x' }],
  ['null', null],
];

const rawBodies: [string, string | undefined, Record<string, string>, number | undefined][] = [
  ['no body at all', undefined, {}, 400],
  ['an empty JSON body', '', { 'content-type': 'application/json' }, 400],
  ['a body that is not JSON', '{"emailAddress": "a@b.nl", ', { 'content-type': 'application/json' }, 400],
  ['a JSON array', '[{"emailAddress":"a@b.nl"}]', { 'content-type': 'application/json' }, 400],
  ['a JSON string', '"iemand@portal.test"', { 'content-type': 'application/json' }, 400],
  ['JSON null', 'null', { 'content-type': 'application/json' }, 400],
  ['a JSON number', '12', { 'content-type': 'application/json' }, 400],
  ['a __proto__ key', '{"__proto__":{"isAdministrator":true}}', { 'content-type': 'application/json' }, 400],
  ['a constructor.prototype key', '{"constructor":{"prototype":{"x":1}}}', { 'content-type': 'application/json' }, 400],
  ['text/plain', 'emailAddress=a@b.nl', { 'content-type': 'text/plain' }, 400],
  ['application/xml', '<login><emailAddress>a@b.nl</emailAddress></login>', { 'content-type': 'application/xml' }, 415],
  ['a form post', 'emailAddress=a%40b.nl&password=x', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
  ['a made-up content type', '{}', { 'content-type': 'application/x-nonsense' }, 415],
  ['a JSON body over 1 MB', JSON.stringify({ emailAddress: 'x'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' }, 413],
];

for (const c of bodyCalls) {
  describe(c.name, () => {
    it('accepts the valid body used as the base of these cases (it fails later, never on validation)', async () => {
      const res = await send(c.def, { body: validBody(c) });
      if (res.statusCode === 400) {
        // The valid base may fail on its merits (wrong password, unknown token), never on a field's shape.
        const doc = expectProblem(res, 400);
        for (const field of Object.keys(doc.errors ?? {})) expect(Object.keys(c.fields), res.body).toContain(field);
        expect(doc.title).not.toBe(v.required);
      }
      expect(res.statusCode).toBeLessThan(500);
    });

    for (const [field, spec] of Object.entries(c.fields)) {
      if (!spec.optional) {
        it(`missing ${field} → 400 '${spec.required}'`, async () => {
          const body = validBody(c);
          delete body[field];
          const doc = expectProblem(await send(c.def, { body }), 400);
          expect(doc.errors?.[field]).toEqual([spec.required]);
        });

        it(`empty ${field} → 400 '${spec.required}'`, async () => {
          const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: '' } }), 400);
          expect(doc.errors?.[field]).toEqual([spec.required]);
        });
      } else {
        it(`${field} may be absent or null`, async () => {
          const body = validBody(c);
          delete body[field];
          for (const candidate of [body, { ...body, [field]: null }]) {
            const res = await send(c.def, { body: candidate });
            expect(res.statusCode).toBeLessThan(500);
            if (res.statusCode === 400) expect(res.json<{ errors?: Record<string, unknown> }>().errors?.[field]).toBeUndefined();
          }
        });
      }

      for (const [label, value] of wrongTypes) {
        if (spec.optional && value === null) continue;
        it(`${field} as ${label} → 400 under ${field}`, async () => {
          const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: value } }), 400);
          expect(doc.errors?.[field]?.length, JSON.stringify(doc)).toBeGreaterThan(0);
        });
      }

      it(`${field} of 10,000 characters → 400 under ${field}`, async () => {
        const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: 'A1a'.repeat(3334) } }), 400);
        expect(doc.errors?.[field]?.length, JSON.stringify(doc)).toBeGreaterThan(0);
      });
    }

    it('every string field at 10,000 characters at once → 400, one entry per field', async () => {
      const body = Object.fromEntries(Object.keys(c.fields).map((key) => [key, 'x'.repeat(10_000)]));
      const doc = expectProblem(await send(c.def, { body }), 400);
      for (const field of Object.keys(c.fields)) expect(doc.errors?.[field], field).toBeDefined();
    });

    it("an unknown field → 400 'Onbekend veld' under that key", async () => {
      const doc = expectProblem(await send(c.def, { body: { ...validBody(c), isAdministrator: true } }), 400);
      expect(doc.errors).toEqual({ isAdministrator: [v.unknownField] });
      const two = expectProblem(await send(c.def, { body: { ...validBody(c), extra: 1, 'Nog een': 'x' } }), 400);
      expect(two.errors).toEqual({ extra: [v.unknownField], 'Nog een': [v.unknownField] });
    });

    it('field names are matched exactly (PascalCase is an unknown field)', async () => {
      const body = Object.fromEntries(
        Object.entries(validBody(c)).map(([key, value]) => [key.charAt(0).toUpperCase() + key.slice(1), value]),
      );
      const doc = expectProblem(await send(c.def, { body }), 400);
      expect(Object.values(doc.errors ?? {}).flat()).toContain(v.unknownField);
    });

    for (const [label, payload, headers, status] of rawBodies) {
      it(`${label} → ${status} problem document`, async () => {
        const res = await send(c.def, { body: payload, headers });
        expectProblem(res, status!);
      });
    }

    if (c.def.auth) {
      it('without a token, a bad body answers 401 (the token is checked first)', async () => {
        for (const body of [{}, { ...validBody(c), unknown: 1 }, validBody(c)]) {
          expectProblem(await call(ctx, c.def, { body }), 401, feedback.unauthorized);
        }
        expectProblem(
          await call(ctx, c.def, { body: '{not json', headers: { 'content-type': 'application/json' } }),
          401,
          feedback.unauthorized,
        );
      });
    }
  });
}

for (const c of bodylessCalls) {
  describe(`${c.name} (no body)`, () => {
    for (const [label, payload, headers] of rawBodies) {
      it(`with ${label} → no 5xx; a refusal is a problem document`, async () => {
        const res = await send(c.def, { body: payload, headers });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expectClientError(res);
      });
    }

    it('with a JSON object body → no 5xx', async () => {
      const res = await send(c.def, { body: { unexpected: 'x', isAdministrator: true } });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expectClientError(res);
    });

    it('without a token → 401', async () => {
      expectProblem(await call(ctx, c.def, {}), 401, feedback.unauthorized);
    });
  });
}

describe('GET with a body or a query', () => {
  it('Account/IsTotpEnabled ignores a body and a query string', async () => {
    const withBody = await send(acc.isTotpEnabled, { body: { accountId: 1 } });
    expect(withBody.statusCode, withBody.body).toBe(200);
    expect(withBody.json()).toBe(false);
    const withQuery = await ctx.app.inject({
      method: 'GET',
      url: `${acc.isTotpEnabled.path}?AccountId=1&x=%00`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withQuery.statusCode, withQuery.body).toBe(200);
    expect(withQuery.json()).toBe(false);
  });
});

describe('routes that do not exist', () => {
  for (const [method, url] of [
    ['GET', '/api/nope'],
    ['POST', '/api/portal/Authentication/DoesNotExist'],
    ['GET', '/api/portal/Account'],
    ['GET', '/api/portal/Authentication/LoginWithCredentials'],
    ['DELETE', '/api/portal/Account/UpdatePassword'],
    ['POST', '/api/portal/Pharmacist/../Authentication/Nope'],
  ] as const) {
    it(`${method} ${url} → 404 problem document`, async () => {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expectProblem(res, 404, feedback.notFound);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }
});
