import { beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { calls, feedback, validation as v, type CallDefinition } from '@portal/contract';
import type { TestAccount } from '../../test/harness.js';
import { expectProblem, freshAddress } from '../../test/auth-helpers.js';
import { authTestContext } from './test-context.js';

// The cases of the bad-input test files (bad-input-fields, bad-input-bodies): every Authentication/* and
// Account/* call, what a valid body of each is, and the bodies no call may choke on.

export interface FieldSpec {
  /** a value that passes validation */
  valid: string;
  /** the message when the field is missing or empty (the product's validation rules where it words one) */
  required?: string;
  /** may be absent or null */
  optional?: boolean;
}

export interface BodyCall {
  name: string;
  def: CallDefinition;
  /**
   * What the valid body answers: it may fail on its merits (a wrong password, an unknown token), never on a
   * field's shape. The tokens and passwords of these bodies exist nowhere, so each answer is known.
   */
  base: { status: 200 | 204; body: string } | { status: 400 | 401; title: string; errors?: Record<string, string[]> };
  fields: Record<string, FieldSpec>;
}

const a = calls.authentication;
const acc = calls.account;
const goodPassword = 'Geldig-Wachtwoord1';
const someToken = 'dGhpcy1pcy1ub3QtYS1yZWFsLXRva2VuLWJ1dC13ZWxsLWZvcm1lZA';

/** Whether a one-time token (password reset, activation) can be used: an unknown one answers false. */
function tokenCheck(def: CallDefinition, tokenField: string): BodyCall {
  return {
    name: `${def.controller}/${def.action}`,
    def,
    base: { status: 200, body: 'false' },
    fields: { [tokenField]: { valid: someToken, required: v.required } },
  };
}

/** A new password set with a one-time token (reset, activation): an unknown token fails the call with `failed`. */
function passwordWithToken(def: CallDefinition, tokenField: string, failed: string): BodyCall {
  const check = tokenCheck(def, tokenField);
  return {
    ...check,
    base: { status: 400, title: failed, errors: { [tokenField]: [failed] } },
    fields: {
      ...check.fields,
      password: { valid: goodPassword, required: v.newPasswordRequired },
      passwordRepeat: { valid: goodPassword, required: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord' },
    },
  };
}

/**
 * Turning two-factor login on or off: the current password and a code (each call names its code field as the
 * spec does); the account of the test has no such password, so the call fails on its merits.
 */
function totpSwitch(def: CallDefinition, pinField: string): BodyCall {
  return {
    name: `${def.controller}/${def.action}`,
    def,
    base: { status: 400, title: feedback.twoFactorFailed, errors: {} },
    fields: {
      currentPassword: { valid: goodPassword, required: 'Password is verplicht' },
      [pinField]: { valid: '123456', required: 'Code is verplicht' },
    },
  };
}

/** Both logins: the credentials exist nowhere, so each login fails on its merits. */
const loginFailed: BodyCall['base'] = { status: 400, title: feedback.loginFailed, errors: {} };
const credentialFields: BodyCall['fields'] = {
  emailAddress: { valid: 'iemand@portal.test', required: 'E-mailadres is verplicht' },
  password: { valid: goodPassword, required: 'Wachtwoord is verplicht' },
};

export const bodyCalls: BodyCall[] = [
  { name: 'Authentication/LoginWithCredentials', def: a.loginWithCredentials, base: loginFailed, fields: credentialFields },
  {
    name: 'Authentication/LoginWithTotp',
    def: a.loginWithTotp,
    base: loginFailed,
    fields: { ...credentialFields, pin: { valid: '123456', required: 'Code is verplicht' } },
  },
  {
    name: 'Authentication/RefreshAccessToken',
    def: a.refreshAccessToken,
    base: { status: 401, title: feedback.unauthorized },
    fields: {
      accessToken: { valid: 'a.b.c', optional: true },
      refreshToken: { valid: someToken, required: v.required },
    },
  },
  {
    name: 'Authentication/RequestPasswordResetToken',
    def: a.requestPasswordResetToken,
    base: { status: 204, body: '' },
    fields: { emailAddress: { valid: 'iemand@portal.test', required: 'E-mailadres is verplicht' } },
  },
  tokenCheck(a.isPasswordResetTokenValid, 'passwordResetToken'),
  passwordWithToken(a.resetPassword, 'passwordResetToken', feedback.resetFailed),
  tokenCheck(a.isActivationKeyValid, 'activationToken'),
  passwordWithToken(a.activateAccount, 'activationToken', feedback.activationFailed),
  {
    name: 'Account/UpdatePassword',
    def: acc.updatePassword,
    base: { status: 400, title: feedback.passwordChangeFailed, errors: { currentPassword: [feedback.passwordChangeFailed] } },
    fields: {
      currentPassword: { valid: 'Huidig-Wachtwoord1', required: 'Huidig wachtwoord is verplicht' },
      newPassword: { valid: goodPassword, required: 'Nieuw wachtwoord is verplicht' },
      passwordRepeat: { valid: goodPassword, required: 'Wachtwoord (herhaal) moet gelijk zijn aan wachtwoord' },
    },
  },
  totpSwitch(acc.enableTotp, 'verificationPin'),
  totpSwitch(acc.disableTotp, 'pin'),
];

/** The calls without a body, and what they answer when all is well. */
export const bodylessCalls: { name: string; def: CallDefinition; ok: 200 | 204 }[] = [
  { name: 'Authentication/Logout', def: a.logout, ok: 204 },
  { name: 'Account/IsTotpEnabled', def: acc.isTotpEnabled, ok: 200 },
  { name: 'Account/GetTotpSetupCode', def: acc.getTotpSetupCode, ok: 200 },
];

export function validBody(c: BodyCall): Record<string, unknown> {
  return Object.fromEntries(Object.entries(c.fields).map(([key, spec]) => [key, spec.valid]));
}

/** The test context of a bad-input file, and `send`, which gives each call a live token when it needs one. */
export function badInputContext() {
  const t = authTestContext();
  let token: string | undefined;
  /** logs in for every Logout case, and never sees a wrong password (which would count toward its lock) */
  let logoutAccount: TestAccount | undefined;
  beforeAll(async () => {
    token = (await t.login(await t.account())).accessToken;
    logoutAccount = await t.account();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the bad-input context is used outside a test');
    return value;
  };
  return {
    t,
    /** the access token of the file's account */
    token: () => ready(token),
    /** Sends with a live token where the call needs one, so that the body, not the token, is what is checked. */
    async send(def: CallDefinition, options: { body?: unknown; headers?: Record<string, string> }) {
      const bearer = def.auth ? (def === a.logout ? (await t.login(ready(logoutAccount))).accessToken : ready(token)) : undefined;
      return t.call(def, { ...options, token: bearer, remoteAddress: freshAddress() });
    },
  };
}

/** Any 4xx problem document, nothing else. */
export function expectClientError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  return expectProblem(res, res.statusCode);
}

export const wrongTypes: [string, unknown][] = [
  ['a number', 42],
  ['a boolean', true],
  ['an array', ['iemand@portal.test']],
  ['an empty array', []],
  ['an object', { value: 'x' }],
  ['null', null],
];

const json = { 'content-type': 'application/json' };

/**
 * Raw bodies: what a call with a body answers (`status`), and what a POST call without one answers
 * (`bodyless`: `ok` where the body is ignored). A GET ignores any body.
 */
export const rawBodies: { label: string; payload: string | undefined; headers: Record<string, string>; status: number; bodyless: number | 'ok' }[] = [
  { label: 'no body at all', payload: undefined, headers: {}, status: 400, bodyless: 'ok' },
  { label: 'an empty JSON body', payload: '', headers: json, status: 400, bodyless: 400 },
  { label: 'a body that is not JSON', payload: '{"emailAddress": "a@b.nl", ', headers: json, status: 400, bodyless: 400 },
  { label: 'a JSON array', payload: '[{"emailAddress":"a@b.nl"}]', headers: json, status: 400, bodyless: 'ok' },
  { label: 'a JSON string', payload: '"iemand@portal.test"', headers: json, status: 400, bodyless: 'ok' },
  { label: 'JSON null', payload: 'null', headers: json, status: 400, bodyless: 'ok' },
  { label: 'a JSON number', payload: '12', headers: json, status: 400, bodyless: 'ok' },
  { label: 'a __proto__ key', payload: '{"__proto__":{"isAdministrator":true}}', headers: json, status: 400, bodyless: 400 },
  { label: 'a constructor.prototype key', payload: '{"constructor":{"prototype":{"x":1}}}', headers: json, status: 400, bodyless: 400 },
  { label: 'text/plain', payload: 'emailAddress=a@b.nl', headers: { 'content-type': 'text/plain' }, status: 400, bodyless: 'ok' },
  {
    label: 'application/xml',
    payload: '<login><emailAddress>a@b.nl</emailAddress></login>',
    headers: { 'content-type': 'application/xml' },
    status: 415,
    bodyless: 415,
  },
  {
    label: 'a form post',
    payload: 'emailAddress=a%40b.nl&password=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
    bodyless: 415,
  },
  { label: 'a made-up content type', payload: '{}', headers: { 'content-type': 'application/x-nonsense' }, status: 415, bodyless: 415 },
  {
    label: 'a JSON body over 1 MB',
    payload: JSON.stringify({ emailAddress: 'x'.repeat(2 * 1024 * 1024) }),
    headers: json,
    status: 413,
    bodyless: 413,
  },
];
