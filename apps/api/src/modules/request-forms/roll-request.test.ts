import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { calls, validation } from '@portal/contract';
import { useTestSmtp } from '../../test/smtp.js';
import { call, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { pngOf, samplePdf } from '../files/upload-fixtures.js';
import { SERVICE, clock, day, expectServiceMail, itRequiresEach, openForms, resetClock, rollRequestBody, submissionsOf, uploadAs } from './test-support.js';

const forms = useOpened(openForms);
beforeEach(resetClock);

const upload = (bearer: string, content: Buffer, fileName: string, purpose?: 'RollFile' | 'Photo') =>
  uploadAs(forms.ctx, bearer, content, fileName, purpose);
const submissions = (kind: string) => submissionsOf(forms.ctx, kind);
const count = async (kind: string) => (await submissions(kind)).length;


describe('Forms/RequestImmediateProduct', () => {
  const valid = () => rollRequestBody(forms.client.patientId, { amountOfDays: 28, receiveReturnCall: true });
  const send = (body: unknown, bearer: string = forms.token) => call(forms.ctx, calls.forms.requestImmediateProduct, { body, token: bearer });
  const accepted = async (body: unknown) => {
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('stores the request with its roll file and ties the file to it; the mail links to it, without the patient or the file', async () => {
    const file = await upload(forms.token, samplePdf, 'rollen juli.pdf');
    const body = { ...valid(), fileGuid: file.fileGuid, extraScrollIsHolidayScroll: true };
    await accepted(body);

    const row = (await submissions('ImmediateProduct')).at(-1)!;
    expect(row.payload).toEqual(body);
    const tied = await forms.ctx.database.ownerDb.execute<{ submission_id: number }>(
      sql`select submission_id from uploaded_files where id = ${file.fileGuid}`,
    );
    expect(tied.rows[0]!.submission_id).toBe(row.id);

    // Deliberately changed (issue 30.3): the patient and the roll file are read in the back-office, not mailed.
    const mail = await expectServiceMail(forms, 'Aanvraag rollen', [
      'Patiënt: zie Mijn Spits Beheer',
      `Openen in Mijn Spits Beheer: http://portal.test/beheer/inbox/formulier/${row.id}`,
      'Afdeling: Afdeling A',
      'Soort rol: Vakantierol',
      'Startdatum: 21 juli 2026',
      'Aantal dagen: 28',
      'Verstuurdatum: 17 juli 2026',
      'Ontvangstdatum: 18 juli 2026',
      'Bestand: meegestuurd',
      'Graag teruggebeld worden: Ja',
      'Bijlage: 1 bestand, te openen in Mijn Spits Beheer',
    ]);
    expect(mail.textBody).not.toMatch(/Jansen|1940|rollen juli/);
    expect(mail.attachments ?? []).toEqual([]);
    const audit = await forms.ctx.database.ownerDb.execute<{ patient_ids: number[]; details: { kind: string; files: string[] } }>(
      sql`select patient_ids, details from audit_log where action = 'FormSubmission' order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ patient_ids: [forms.client.patientId], details: { kind: 'ImmediateProduct', files: [file.fileGuid] } });
  });

  it('mails Extra rol and Nee, without a file', async () => {
    await accepted({ ...valid(), receiveReturnCall: false });
    const mail = (await mailsTo(forms.ctx, SERVICE)).at(-1)!;
    expect(mail.textBody).toContain('Soort rol: Extra rol');
    expect(mail.textBody).toContain('Graag teruggebeld worden: Nee');
    expect(mail.textBody).toContain('Bestand: Geen bestand meegestuurd');
    expect(mail.textBody).not.toContain('Bijlage');
    expect(mail.attachments ?? []).toEqual([]);
  });

  itRequiresEach({ forms, kind: 'ImmediateProduct', send, valid, empty: () => [null] }, [
    ['patientId', validation.patientRequired],
    ['department', validation.departmentRequired],
    ['extraScrollIsHolidayScroll', validation.required],
    ['startDate', validation.startDateRequired],
    ['amountOfDays', validation.amountOfDaysRequired],
    ['sendDate', validation.sendDateRequired],
    ['receiveDate', validation.receiveDateRequired],
  ]);

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
      clock.now = new Date('2026-07-15T22:30:00Z');
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
    const mailsBefore = (await mailsTo(forms.ctx, SERVICE)).length;
    const foreign = await forms.ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where client_id = ${forms.other.id}`);
    expectFieldErrors(await send({ ...valid(), patientId: foreign.rows[0]!.id }), 'patientId', [validation.patientUnknown]);
    expectFieldErrors(await send({ ...valid(), patientId: 999_999 }), 'patientId', [validation.patientUnknown]);
    expect(await count('ImmediateProduct')).toBe(before);
    expect(await mailsTo(forms.ctx, SERVICE)).toHaveLength(mailsBefore);
  });

  it("refuses another customer's file, a photo, an unknown or an already used file on fileGuid, and stores nothing", async () => {
    const foreign = await upload(forms.otherToken, samplePdf, 'van een ander.pdf');
    const photo = await upload(forms.token, await pngOf(8, 8), 'foto.png', 'Photo');
    const used = await upload(forms.token, samplePdf, 'al gebruikt.pdf');
    await accepted({ ...valid(), fileGuid: used.fileGuid });
    const before = await count('ImmediateProduct');
    expectFieldErrors(await send({ ...valid(), fileGuid: foreign.fileGuid }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: '0b8f5a6e-3d2c-4b1a-9e8f-7a6b5c4d3e2f' }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: used.fileGuid }), 'fileGuid', [validation.fileUnknown]);
    expectFieldErrors(await send({ ...valid(), fileGuid: photo.fileGuid }), 'fileGuid', [validation.fileTypeNotAllowed]);
    expectFieldErrors(await send({ ...valid(), fileGuid: 'geen-uuid' }), 'fileGuid', [validation.invalidValue]);
    expect(await count('ImmediateProduct')).toBe(before);
    // Not tied to anything: the forms.other customer's file is still unused.
    const row = await forms.ctx.database.ownerDb.execute<{ submission_id: number | null }>(
      sql`select submission_id from uploaded_files where id = ${foreign.fileGuid}`,
    );
    expect(row.rows[0]!.submission_id).toBeNull();
  });
});

// ------------------------------------------------------------------------------------------- photo request
// ------------------------------------------------------------------------------------ the mail really goes

describe('the provider is told of the roll file', () => {
  const smtp = useTestSmtp();

  it('over SMTP without the file: no attachment, not its name, a link to the item', async () => {
    const file = await upload(forms.token, samplePdf, 'rollen augustus.pdf');
    const res = await call(forms.ctx, calls.forms.requestImmediateProduct, {
      token: forms.token,
      body: rollRequestBody(forms.client.patientId, { fileGuid: file.fileGuid }),
    });
    expect(res.statusCode, res.body).toBe(200);

    const sender = smtp.senderTo(forms.ctx);
    await sender.drain();
    await sender.stop();

    const { submissionId } = res.json<{ submissionId: number }>();
    const sent = await Promise.all(smtp.received.map((raw) => simpleParser(raw)));
    const mail = sent.find((m) => m.text?.includes(`http://portal.test/beheer/inbox/formulier/${submissionId}`));
    expect(mail, 'the roll request mail').toBeDefined();
    expect(mail!.text).toContain('Bijlage: 1 bestand, te openen in Mijn Spits Beheer');
    expect(mail!.attachments).toEqual([]);
    expect(mail!.text).not.toContain('rollen augustus');
  });
});
