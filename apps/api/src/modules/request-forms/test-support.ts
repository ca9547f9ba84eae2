import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { addDays, calls, type UploadedFile, type UploadPurpose } from '@portal/contract';
import { createAccount, createCustomer, createTestContext, mailsTo, type TestCustomer, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, login } from '../../test/auth-helpers.js';
import { multipartBody } from '../files/upload-fixtures.js';
import type { AppDeps } from '../../app.js';

export const SERVICE = 'service@portal.test';
/** 10:00 in Amsterdam on Wednesday 15 July 2026. */
export const TODAY = '2026-07-15';
export const day = (offset: number) => addDays(TODAY, offset);

/** A roll request the form accepts for `patientId`, dated from the forms' fixed today; `changes` set what a test needs. */
export const rollRequestBody = (patientId: number, changes: Record<string, unknown> = {}) => ({
  patientId,
  department: 'Afdeling A',
  extraScrollIsHolidayScroll: false,
  startDate: day(6),
  amountOfDays: 14,
  sendDate: day(2),
  receiveDate: day(3),
  fileGuid: null as string | null,
  receiveReturnCall: false,
  ...changes,
});

/** The app's now: 10:00 in Amsterdam on TODAY unless a test moves it (each test starts from there again). */
export const clock = { now: new Date('2026-07-15T08:00:00Z') };
export const resetClock = () => {
  clock.now = new Date('2026-07-15T08:00:00Z');
};

/** A fresh database with a customer whose account files the forms, and another customer with an account. */
export interface FormsContext {
  ctx: TestContext;
  client: TestCustomer;
  other: TestCustomer;
  token: string;
  otherToken: string;
  clientCode: string;
  submitterEmail: string;
}

export async function openForms(options: { config?: Partial<AppDeps['config']> } = {}): Promise<FormsContext> {
  const ctx = await createTestContext({ clock: () => clock.now, ...options });
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const account = await createAccount(ctx, client, { firstName: 'Sanne' });
  const token = (await login(ctx, account)).accessToken;
  const otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
  return { ctx, client, other, token, otherToken, clientCode: client.clientCode, submitterEmail: account.emailAddress };
}

/** The service desk's newest mail: its subject names the form and the customer, and its text holds these lines. */
export async function expectServiceMail(forms: FormsContext, title: string, lines: string[]) {
  const mail = (await mailsTo(forms.ctx, SERVICE)).at(-1)!;
  expect(mail.subject).toBe(`${title} van Apotheek De Linde (${forms.clientCode}) via Mijn Spits`);
  for (const line of lines) expect(mail.textBody).toContain(line);
  return mail;
}

export async function uploadAs(
  ctx: TestContext,
  bearer: string,
  content: Buffer,
  fileName: string,
  purpose: UploadPurpose = 'RollFile',
): Promise<UploadedFile> {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: calls.file.uploadFile.path,
    query: { purpose },
    headers: { 'content-type': contentType, authorization: `Bearer ${bearer}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UploadedFile>();
}

export async function submissionsOf(ctx: TestContext, kind: string) {
  return (
    await ctx.database.ownerDb.execute<{ id: number; client_id: string; kind: string; payload: Record<string, unknown>; status: string }>(
      sql`select id, client_id, kind, payload, status from form_submissions where kind = ${kind} order by id`,
    )
  ).rows;
}

/** A request form as its tests send it, for the rule that its fields are required. */
export interface RequiredFieldsForm {
  forms: { ctx: TestContext };
  /** the submission kind it stores */
  kind: string;
  send: (body: unknown) => Promise<LightMyRequestResponse>;
  valid: () => Record<string, unknown>;
  /** values that leave the field empty as well as leaving it out (null, blanks), where the form has them */
  empty?: (field: string) => unknown[];
}

/** Each field is required: a request without it is refused with the spec's message on the field, and nothing is stored. */
export function itRequiresEach(form: RequiredFieldsForm, fields: [field: string, message: string][]) {
  it.each(fields)('refuses a request without %s with the spec message, and stores nothing', async (field, message) => {
    const before = (await submissionsOf(form.forms.ctx, form.kind)).length;
    for (const empty of [undefined, ...(form.empty?.(field) ?? [])]) {
      expectFieldErrors(await form.send({ ...form.valid(), [field]: empty }), field, [message]);
    }
    expect(await submissionsOf(form.forms.ctx, form.kind)).toHaveLength(before);
  });
}
