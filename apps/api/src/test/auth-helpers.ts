import { expect } from 'vitest';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { backofficeText, contentText, customerText, calls, feedback, inboxText, invoiceBundleText, reportingText, savedReplyText, validation, type AuthData } from '@portal/contract';
import { oneTimeTokens } from '../db/schema.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { call, type TestAccount, type TestContext } from './harness.js';
import { pollUntil } from './poll.js';

let addressCounter = 0;

/**
 * A client address of its own, so that the per-address throttle of one test never counts another test's
 * attempts (each file has its own database, and with it its own counters; the pid keeps files apart in logs).
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** Logs in and answers the tokens; fails the test when the login does not succeed. */
export async function login(
  ctx: TestContext,
  account: Pick<TestAccount, 'emailAddress' | 'password'>,
  options: { pin?: string; remoteAddress?: string; password?: string } = {},
): Promise<AuthData> {
  const credentials = { emailAddress: account.emailAddress, password: options.password ?? account.password };
  const res = options.pin
    ? await call(ctx, calls.authentication.loginWithTotp, {
        body: { ...credentials, pin: options.pin },
        remoteAddress: options.remoteAddress ?? freshAddress(),
      })
    : await call(ctx, calls.authentication.loginWithCredentials, {
        body: credentials,
        remoteAddress: options.remoteAddress ?? freshAddress(),
      });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthData>();
}

export function loginAttempt(
  ctx: TestContext,
  body: { emailAddress: string; password: string; pin?: string },
  remoteAddress: string = freshAddress(),
) {
  const def = body.pin === undefined ? calls.authentication.loginWithCredentials : calls.authentication.loginWithTotp;
  return call(ctx, def, { body, remoteAddress });
}

/** The TOTP code of `secret` at now + `offsetSeconds`. */
export const totpCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * Waits, when needed, so that at least `marginMs` remain of the current 30-second step: the server checks codes
 * against the real clock, so the next step is an event outside the test's hands.
 */
export async function awayFromStepEnd(marginMs = 3000): Promise<void> {
  const left = () => 30_000 - (Date.now() % 30_000);
  await pollUntil(() => (left() >= marginMs ? true : undefined), {
    timeoutMs: marginMs + 5_000,
    intervalMs: 50,
    failure: () => 'The clock did not reach the next TOTP step',
  });
}

/** A six-digit code that is not the current one (nor the ones a step either side). */
export async function wrongTotpCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-30, 0, 30].map((offset) => totpCode(secret, offset))));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(await totpCode(secret)) + 1 + n) % 1_000_000).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/** Puts a one-time token with a known value in the database, as the owner. */
export async function insertOneTimeToken(
  ctx: TestContext,
  account: Pick<TestAccount, 'id' | 'customerId'>,
  purpose: 'PasswordReset' | 'Activation',
  expiresAt: Date = new Date(Date.now() + (purpose === 'Activation' ? 7 * 24 * 3_600_000 : 3_600_000)),
): Promise<string> {
  const token = randomToken();
  await ctx.database.ownerDb.insert(oneTimeTokens).values({
    customerId: account.customerId,
    accountId: account.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt,
  });
  return token;
}

// ---- problem documents ----------------------------------------------------------------------------------

const fixedMessages = new Set<string>(
  ([...Object.values(validation), ...Object.values(feedback), ...Object.values(backofficeText), ...Object.values(contentText), ...Object.values(customerText), ...Object.values(inboxText), ...Object.values(invoiceBundleText), ...Object.values(reportingText), ...Object.values(savedReplyText)] as unknown[]).filter((m): m is string => typeof m === 'string'),
);
const patternMessages = [/^Maximaal \d+ tekens$/, /^Minimaal \d+ tekens$/, /^Maximaal \d+$/, /^Minimaal \d+$/, /^Typ minimaal \d+ tekens$/, /^Onbekende invulplek \{[a-z]+\}; gebruik /];

/** Whether a message is one of the contract's Dutch texts (so no English zod or Fastify default slipped out). */
export function isContractMessage(message: string): boolean {
  return fixedMessages.has(message) || patternMessages.some((p) => p.test(message));
}

/** What an English framework message would look like; none of them may reach a client. */
const englishMarkers =
  /Invalid input|Invalid|expected|received|Required|Unrecognized|Too (big|small)|must|Unexpected|Body|JSON|Unsupported|stack/;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
}

/**
 * Asserts that an answer is a problem document of `status` (ASP.NET's shape, Dutch texts, no stack) and
 * returns it.
 */
export function expectProblem(res: LightMyRequestResponse, status: number, title?: string): Problem {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).not.toMatch(/stack/i);
  const doc = res.json<Problem>();
  expect(Object.keys(doc).every((key) => ['type', 'title', 'status', 'detail', 'errors'].includes(key)), res.body).toBe(true);
  expect(typeof doc.type).toBe('string');
  expect(doc.type.length).toBeGreaterThan(0);
  expect(doc.status).toBe(status);
  expect(isContractMessage(doc.title), `title not from the contract: ${doc.title}`).toBe(true);
  expect(doc.title).not.toMatch(englishMarkers);
  if (title !== undefined) expect(doc.title).toBe(title);
  // Every message under every field (of none where the document has no errors) is a Dutch contract text.
  expect(['undefined', 'object']).toContain(typeof doc.errors);
  expect(doc.errors).not.toBeNull();
  for (const [field, messages] of Object.entries(doc.errors ?? {})) {
    expect(Array.isArray(messages), field).toBe(true);
    expect(messages.length, field).toBeGreaterThan(0);
    for (const message of messages) {
      expect(isContractMessage(message), `message under ${field} not from the contract: ${message}`).toBe(true);
      expect(message).not.toMatch(englishMarkers);
    }
  }
  return doc;
}

/** Asserts a 400 whose `errors[field]` is exactly `messages`. */
export function expectFieldErrors(res: LightMyRequestResponse, field: string, messages: string[]): Problem {
  const doc = expectProblem(res, 400);
  expect(doc.errors?.[field], res.body).toEqual(messages);
  return doc;
}
