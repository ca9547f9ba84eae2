import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { addDays, calls, feedback, validation, type UploadedFile } from '@portal/contract';
import { OutboxSender } from '../../lib/mail.js';
import {
  auditRows,
  call,
  createAccount,
  createClient,
  createTestContext,
  mailsTo,
  type TestClient,
  type TestContext,
} from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { multipartBody, pngOf, samplePdf } from '../files/upload-fixtures.js';

const SERVICE = 'service@portal.test';
/** 10:00 in Amsterdam on Wednesday 15 July 2026. */
const TODAY = '2026-07-15';
let now = new Date('2026-07-15T08:00:00Z');

let ctx: TestContext;
let client: TestClient;
let other: TestClient;
let token: string;
let otherToken: string;
let clientCode: string;
let submitterEmail: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => now });
  client = await createClient(ctx, 'Apotheek De Linde');
  clientCode = client.clientCode;
  other = await createClient(ctx, 'Zorggroep Het Baken');
  const account = await createAccount(ctx, client, { firstName: 'Sanne' });
  submitterEmail = account.emailAddress;
  token = (await login(ctx, account)).accessToken;
  otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  now = new Date('2026-07-15T08:00:00Z');
});

const day = (offset: number) => addDays(TODAY, offset);

async function upload(bearer: string, content: Buffer, fileName: string, purpose: 'RollFile' | 'Photo' = 'RollFile') {
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

async function submissions(kind: string) {
  return (
    await ctx.database.ownerDb.execute<{ id: number; client_id: string; kind: string; payload: Record<string, unknown>; status: string }>(
      sql`select id, client_id, kind, payload, status from form_submissions where kind = ${kind} order by id`,
    )
  ).rows;
}

const count = async (kind: string) => (await submissions(kind)).length;

// ---------------------------------------------------------------------------------------------- new product

describe('Forms/RequestNewProduct', () => {
  const valid = {
    drugName: 'Metoprolol',
    drugStrength: '50 mg',
    consumptionPerWeek: '14 tabletten',
    amountOfPatients: 3,
    ziNumber: '12345678',
    reason: 'Nieuw voorgeschreven\nvoor drie bewoners',
  };
  const send = (body: unknown, bearer: string | null = token) =>
    call(ctx, calls.forms.requestNewProduct, { body, token: bearer ?? undefined });

  it('stores the request and mails it to the service address in Dutch', async () => {
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await submissions('NewProduct');
    expect(row).toMatchObject({ client_id: client.id, status: 'New', payload: valid });

    const mail = (await mailsTo(ctx, SERVICE)).at(-1)!;
    expect(mail.subject).toBe(`Aanvraag nieuw product van Apotheek De Linde (${clientCode}) via Mijn Spits`);
    expect(mail.textBody).toContain(`Ingediend door: Sanne Pieters <${submitterEmail}>`);
    expect(mail.textBody).toContain(`Referentie: ${row!.id}`);
    for (const line of [
      'Naam geneesmiddel: Metoprolol',
      'Geneesmiddel sterkte: 50 mg',
      'Verbruik per week: 14 tabletten',
      'Aantal patiënten: 3',
      'ZI-nummer: 12345678',
      'Reden:\n  Nieuw voorgeschreven\n  voor drie bewoners',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    const audit = (await auditRows(ctx, 'FormSubmission')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', client_id: client.id });
  });

  it('takes an empty ZI number and 0 patients', async () => {
    const res = await send({ ...valid, ziNumber: '', amountOfPatients: 0 });
    expect(res.statusCode, res.body).toBe(204);
    expect((await mailsTo(ctx, SERVICE)).at(-1)!.textBody).toContain('ZI-nummer: -');
  });

  it.each([
    ['drugName', validation.drugNameRequired],
    ['drugStrength', validation.drugStrengthRequired],
    ['consumptionPerWeek', validation.consumptionRequired],
    ['amountOfPatients', validation.amountOfPatientsRequired],
    ['reason', validation.reasonRequired],
  ])('refuses a request without %s with the spec message, and stores nothing', async (field, message) => {
    const before = await count('NewProduct');
    expectFieldErrors(await send({ ...valid, [field]: undefined }), field, [message]);
    if (field !== 'amountOfPatients') expectFieldErrors(await send({ ...valid, [field]: '  ' }), field, [message]);
    expect(await count('NewProduct')).toBe(before);
  });

  it('needs a token', async () => {
    expectProblem(await send(valid, null), 401);
  });
});

// -------------------------------------------------------------------------------------------- roll request

describe('Forms/RequestImmediateProduct', () => {
  const valid = () => ({
    patientId: client.patientId,
    department: 'Afdeling A',
    extraScrollIsHolidayScroll: false,
    startDate: day(6),
    amountOfDays: 28,
    sendDate: day(2),
    receiveDate: day(3),
    fileGuid: null as string | null,
    receiveReturnCall: true,
  });
  const send = (body: unknown, bearer: string = token) => call(ctx, calls.forms.requestImmediateProduct, { body, token: bearer });
  const accepted = async (body: unknown) => {
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(204);
  };

  it('stores the request with its roll file, ties the file to it and mails it with the file attached', async () => {
    const file = await upload(token, samplePdf, 'rollen juli.pdf');
    const body = { ...valid(), fileGuid: file.fileGuid, extraScrollIsHolidayScroll: true };
    await accepted(body);

    const row = (await submissions('ImmediateProduct')).at(-1)!;
    expect(row.payload).toEqual(body);
    const tied = await ctx.database.ownerDb.execute<{ submission_id: number }>(
      sql`select submission_id from uploaded_files where id = ${file.fileGuid}`,
    );
    expect(tied.rows[0]!.submission_id).toBe(row.id);

    const mail = (await mailsTo(ctx, SERVICE)).at(-1)!;
    expect(mail.subject).toBe(`Aanvraag rollen van Apotheek De Linde (${clientCode}) via Mijn Spits`);
    for (const line of [
      'Patiënt: Jan Jansen, geboren 1 mei 1940, afdeling Afdeling A',
      'Afdeling: Afdeling A',
      'Soort rol: Vakantierol',
      'Startdatum: 21 juli 2026',
      'Aantal dagen: 28',
      'Verstuurdatum: 17 juli 2026',
      'Ontvangstdatum: 18 juli 2026',
      'Bestand: rollen juli.pdf',
      'Graag teruggebeld worden: Ja',
      'Bijlagen:\n  rollen juli.pdf (application/pdf',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.attachments).toEqual([
      { filename: 'rollen juli.pdf', contentType: 'application/pdf', file: { clientId: client.id, fileGuid: file.fileGuid } },
    ]);
    const audit = await ctx.database.ownerDb.execute<{ patient_ids: number[]; details: { kind: string; files: string[] } }>(
      sql`select patient_ids, details from audit_log where action = 'FormSubmission' order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ patient_ids: [client.patientId], details: { kind: 'ImmediateProduct', files: [file.fileGuid] } });
  });

  it('mails Extra rol and Nee, without a file', async () => {
    await accepted({ ...valid(), receiveReturnCall: false });
    const mail = (await mailsTo(ctx, SERVICE)).at(-1)!;
    expect(mail.textBody).toContain('Soort rol: Extra rol');
    expect(mail.textBody).toContain('Graag teruggebeld worden: Nee');
    expect(mail.textBody).toContain('Bestand: Geen bestand meegestuurd');
    expect(mail.attachments).toEqual([]);
  });

  it.each([
    ['patientId', validation.patientRequired],
    ['department', validation.departmentRequired],
    ['extraScrollIsHolidayScroll', validation.required],
    ['startDate', validation.startDateRequired],
    ['amountOfDays', validation.amountOfDaysRequired],
    ['sendDate', validation.sendDateRequired],
    ['receiveDate', validation.receiveDateRequired],
  ])('refuses a request without %s with the spec message', async (field, message) => {
    const before = await count('ImmediateProduct');
    expectFieldErrors(await send({ ...valid(), [field]: undefined }), field, [message]);
    expectFieldErrors(await send({ ...valid(), [field]: null }), field, [message]);
    expect(await count('ImmediateProduct')).toBe(before);
  });

  describe('date limits, counted from today in Amsterdam', () => {
    it('start date: today is allowed, yesterday is not', async () => {
      const yesterday = await send({ ...valid(), startDate: day(-1), receiveDate: day(-1), sendDate: day(-2) });
      expect(expectProblem(yesterday, 400).errors?.startDate).toEqual([validation.startDateBeforeToday]);
      // A start today leaves no delivery date (it must be tomorrow at the earliest), but the start is fine.
      const todayStart = await send({ ...valid(), startDate: day(0), receiveDate: day(1), sendDate: day(0) });
      expect(expectProblem(todayStart, 400).errors).toEqual({ receiveDate: [validation.receiveDateOutOfRange] });
    });

    it('delivery date: tomorrow up to the start date', async () => {
      await accepted({ ...valid(), startDate: day(1), receiveDate: day(1), sendDate: day(0) });
      // Delivered today leaves no send date either (it must be today at the earliest).
      const todayDelivery = await send({ ...valid(), startDate: day(1), receiveDate: day(0), sendDate: day(-1) });
      expect(expectProblem(todayDelivery, 400).errors).toEqual({
        receiveDate: [validation.receiveDateOutOfRange],
        sendDate: [validation.sendDateOutOfRange],
      });
      await accepted({ ...valid(), startDate: day(6), receiveDate: day(6), sendDate: day(5) });
      expectFieldErrors(await send({ ...valid(), startDate: day(6), receiveDate: day(7), sendDate: day(5) }), 'receiveDate', [
        validation.receiveDateOutOfRange,
      ]);
    });

    it('send date: today up to the day before the delivery date', async () => {
      await accepted({ ...valid(), sendDate: day(0) });
      expectFieldErrors(await send({ ...valid(), sendDate: day(-1) }), 'sendDate', [validation.sendDateOutOfRange]);
      await accepted({ ...valid(), receiveDate: day(3), sendDate: day(2) });
      expectFieldErrors(await send({ ...valid(), receiveDate: day(3), sendDate: day(3) }), 'sendDate', [validation.sendDateOutOfRange]);
    });

    it('today is the Amsterdam date, also just after midnight there', async () => {
      // 00:30 on 16 July in Amsterdam, still 15 July in UTC.
      now = new Date('2026-07-15T22:30:00Z');
      expectFieldErrors(await send({ ...valid(), sendDate: day(0) }), 'sendDate', [validation.sendDateOutOfRange]);
      await accepted({ ...valid(), sendDate: day(1) });
    });

    it('at most 12 weeks: 84 days, ending at most 12 weeks after the send date (production)', async () => {
      const soon = { ...valid(), sendDate: day(0), receiveDate: day(1), startDate: day(1) };
      await accepted({ ...soon, amountOfDays: 84 });
      expectFieldErrors(await send({ ...soon, amountOfDays: 85 }), 'amountOfDays', [validation.tooLarge(84)]);
      const later = { ...soon, startDate: day(2) };
      await accepted({ ...later, amountOfDays: 83 });
      expectFieldErrors(await send({ ...later, amountOfDays: 84 }), 'amountOfDays', [validation.rollPeriodBeyondTwelveWeeks]);
      expectFieldErrors(await send({ ...soon, amountOfDays: 0 }), 'amountOfDays', [validation.tooSmall(1)]);
    });
  });

  it("refuses another customer's patient on its field, and stores nothing", async () => {
    const before = await count('ImmediateProduct');
    const mailsBefore = (await mailsTo(ctx, SERVICE)).length;
    const foreign = await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where client_id = ${other.id}`);
    expectFieldErrors(await send({ ...valid(), patientId: foreign.rows[0]!.id }), 'patientId', [validation.patientUnknown]);
    expectFieldErrors(await send({ ...valid(), patientId: 999_999 }), 'patientId', [validation.patientUnknown]);
    expect(await count('ImmediateProduct')).toBe(before);
    expect(await mailsTo(ctx, SERVICE)).toHaveLength(mailsBefore);
  });

  it("refuses another customer's file, a photo, an unknown or an already used file on fileGuid, and stores nothing", async () => {
    const foreign = await upload(otherToken, samplePdf, 'van een ander.pdf');
    const photo = await upload(token, await pngOf(8, 8), 'foto.png', 'Photo');
    const used = await upload(token, samplePdf, 'al gebruikt.pdf');
    await accepted({ ...valid(), fileGuid: used.fileGuid });
    const before = await count('ImmediateProduct');
    expectFieldErrors(await send({ ...valid(), fileGuid: foreign.fileGuid }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: '0b8f5a6e-3d2c-4b1a-9e8f-7a6b5c4d3e2f' }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: used.fileGuid }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: photo.fileGuid }), 'fileGuid', [validation.fileTypeNotAllowed]);
    expectFieldErrors(await send({ ...valid(), fileGuid: 'geen-uuid' }), 'fileGuid', [validation.invalidValue]);
    expect(await count('ImmediateProduct')).toBe(before);
    // Not tied to anything: the other customer's file is still unused.
    const row = await ctx.database.ownerDb.execute<{ submission_id: number | null }>(
      sql`select submission_id from uploaded_files where id = ${foreign.fileGuid}`,
    );
    expect(row.rows[0]!.submission_id).toBeNull();
  });
});

// ------------------------------------------------------------------------------------------- photo request

describe('Forms/RequestPhoto', () => {
  const valid = () => ({
    patientGender: 'Male',
    patientId: client.patientId,
    patientBirthDate: '1940-05-01',
    department: 'Afdeling A',
    swallowDateTime: '2026-07-14T08:30',
    drugName: 'Paracetamol 500 mg',
    reasonOfRequest: 'Tablet lijkt anders van kleur',
  });
  const send = (body: unknown) => call(ctx, calls.forms.requestPhoto, { body, token });

  it('stores the request and mails it with the patient and the moment of swallowing', async () => {
    const res = await send(valid());
    expect(res.statusCode, res.body).toBe(204);
    const row = (await submissions('Photo')).at(-1)!;
    expect(row.payload).toEqual(valid());
    const mail = (await mailsTo(ctx, SERVICE)).at(-1)!;
    expect(mail.subject).toBe(`Aanvraag foto van Apotheek De Linde (${clientCode}) via Mijn Spits`);
    for (const line of [
      'Patiënt: Jan Jansen, geboren 1 mei 1940, afdeling Afdeling A',
      'Afdeling: Afdeling A',
      'Datum en tijd van innemen: 14 juli 2026 om 08:30',
      'Naam medicijn: Paracetamol 500 mg',
      'Reden aanvraag: Tablet lijkt anders van kleur',
    ]) {
      expect(mail.textBody).toContain(line);
    }
  });

  it('writes a moment with an offset in Amsterdam time', async () => {
    const res = await send({ ...valid(), swallowDateTime: '2026-07-14T06:30:00Z' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await mailsTo(ctx, SERVICE)).at(-1)!.textBody).toContain('Datum en tijd van innemen: 14 juli 2026 om 08:30');
  });

  it.each([
    ['patientId', validation.patientRequired],
    ['department', validation.departmentRequired],
    ['swallowDateTime', validation.dateRequired],
    ['drugName', validation.medicineNameRequired],
    ['reasonOfRequest', validation.reasonOfRequestRequired],
  ])('refuses a request without %s with the spec message', async (field, message) => {
    const before = await count('Photo');
    expectFieldErrors(await send({ ...valid(), [field]: undefined }), field, [message]);
    expect(await count('Photo')).toBe(before);
  });

  it("refuses another customer's patient", async () => {
    const foreign = await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where client_id = ${other.id}`);
    const before = await count('Photo');
    expectFieldErrors(await send({ ...valid(), patientId: foreign.rows[0]!.id }), 'patientId', [validation.patientUnknown]);
    expect(await count('Photo')).toBe(before);
  });
});

// --------------------------------------------------------------------------------------- offline assortment

describe('Forms/RequestOfflineAssortment', () => {
  const send = (body: unknown) => call(ctx, calls.forms.requestOfflineAssortment, { body, token });

  it('stores the request and mails which forms are wanted', async () => {
    const res = await send({ newDepartment: false, cureSet: false, medicationSet: true });
    expect(res.statusCode, res.body).toBe(204);
    expect((await submissions('OfflineAssortment')).at(-1)!.payload).toEqual({ newDepartment: false, cureSet: false, medicationSet: true });
    const mail = (await mailsTo(ctx, SERVICE)).at(-1)!;
    expect(mail.subject).toBe(`Aanvraag formulieren van Apotheek De Linde (${clientCode}) via Mijn Spits`);
    expect(mail.textBody).toContain('Formulieren nieuwe afdeling: Nee');
    expect(mail.textBody).toContain('Formulieren cureset: Nee');
    expect(mail.textBody).toContain('Formulieren medicatieset: Ja');
  });

  it('refuses a request without any form ticked', async () => {
    const before = await count('OfflineAssortment');
    for (const body of [{}, { newDepartment: false, cureSet: false, medicationSet: false }]) {
      const doc = expectFieldErrors(await send(body), 'newDepartment', [validation.offlineFormsNoneChosen]);
      expect(doc.title).toBe(validation.offlineFormsNoneChosen);
    }
    expectFieldErrors(await send({ newDepartment: 'ja' }), 'newDepartment', [validation.invalidValue]);
    expect(await count('OfflineAssortment')).toBe(before);
  });
});

// ------------------------------------------------------------------------------------------- user details

describe('Forms/GetFormPostUserDetails', () => {
  it('answers the logged-in account and its customer', async () => {
    const res = await call(ctx, calls.forms.getFormPostUserDetails, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Sanne',
      middleName: null,
      lastName: 'Pieters',
      emailAddress: submitterEmail,
      clientCode,
      clientName: 'Apotheek De Linde',
    });
    expectProblem(await call(ctx, calls.forms.getFormPostUserDetails), 401, feedback.unauthorized);
  });
});

// ------------------------------------------------------------------------------------ the mail really goes

describe('the provider receives the roll file', () => {
  let smtp: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("sends the uploaded file's bytes as the mail's attachment", async () => {
    const bytes = Buffer.concat([samplePdf, Buffer.from(`% kenmerk ${Date.now()}\n`)]);
    const file = await upload(token, bytes, 'rollen augustus.pdf');
    const res = await call(ctx, calls.forms.requestImmediateProduct, {
      token,
      body: {
        patientId: client.patientId,
        department: 'Afdeling A',
        extraScrollIsHolidayScroll: false,
        startDate: day(6),
        amountOfDays: 14,
        sendDate: day(2),
        receiveDate: day(3),
        fileGuid: file.fileGuid,
        receiveReturnCall: false,
      },
    });
    expect(res.statusCode, res.body).toBe(204);

    const sender = new OutboxSender(ctx.database.ownerDb, {
      smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      from: 'Mijn Spits <noreply@portal.test>',
      intervalMs: 60_000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await sender.drain();
    await sender.stop();

    const raw = received.find((m) => m.includes('rollen augustus.pdf') && m.includes('Aanvraag rollen'));
    expect(raw, 'the roll request mail').toBeDefined();
    // The attachment part: its base64 body decodes to the uploaded bytes.
    const part = /Content-Type: application\/pdf;[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:\r\n)?--/.exec(raw!);
    expect(part, raw).not.toBeNull();
    expect(Buffer.compare(Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64'), bytes)).toBe(0);
  });
});
