import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { backofficeInboxCalls, calls, myRequestCalls, myRequestThreadCalls, validation, type InboxDetail, type MyRequestRow, type TableResponse } from '@portal/contract';
import { call, createAccount, mailsTo } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { elfBytes, multipartBody, samplePdf } from '../files/upload-fixtures.js';
import { clock, openForms, resetClock, rollRequestBody, uploadAs, type FormsContext } from '../request-forms/test-support.js';
import { colleague, type Colleague } from './test-support.js';
import { inboundSmtpServer } from './inbound-listeners.js';
import { integrationNow, readAll } from '../events/test-support.js';
import { replyTextOf } from './inbound-mail.js';

/** Issue 30.3: a two-way thread. The customer replies on the item, in the portal or by answering the mail. */
const DOMAIN = 'antwoord.portal.test';
const SECRET = 'inbound-secret-of-at-least-32-characters';
let forms: FormsContext;
let staff: Colleague;
let smtp: SMTPServer;
let smtpPort: number;
beforeAll(async () => {
  forms = await openForms({ config: { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET } });
  staff = await colleague(forms.ctx, 'Klantenservice', 'Karin');
  smtp = inboundSmtpServer(forms.ctx.app.services.inboundMail, forms.ctx.app.services.replyAddresses, { error: () => undefined });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await forms.ctx.close();
});

async function fileRequest(): Promise<number> {
  const res = await call(forms.ctx, calls.forms.requestImmediateProduct, { token: forms.token, body: rollRequestBody(forms.client.patientId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ submissionId: number }>().submissionId;
}

const inbox = (def: typeof backofficeInboxCalls.assign | typeof backofficeInboxCalls.answer | typeof backofficeInboxCalls.setStatus, body: object) =>
  call(forms.ctx, def, { token: staff.token, body }).then((res) => expect(res.statusCode, res.body).toBe(204));

async function myRequest(id: number, token = forms.token): Promise<MyRequestRow> {
  const res = await call(forms.ctx, myRequestCalls.getMyRequestTable, { token, body: { rowsPerPage: 100 } });
  return res.json<TableResponse<MyRequestRow>>().items.find((row) => row.itemKind === 'Submission' && row.id === id)!;
}

const status = async (id: number) =>
  (await forms.ctx.database.ownerDb.execute<{ status: string }>(sql`select status from form_submissions where id = ${id}`)).rows[0]!.status;

describe('a reply in the portal', () => {
  it('lands on the item with its file, sets it back to In behandeling and tells its assignee, without the text', async () => {
    const id = await fileRequest();
    await inbox(backofficeInboxCalls.assign, { itemKind: 'Submission', id, assigneeId: staff.id });
    await inbox(backofficeInboxCalls.setStatus, { itemKind: 'Submission', id, status: 'Processing' });
    await inbox(backofficeInboxCalls.setStatus, { itemKind: 'Submission', id, status: 'Archived' });
    clock.now = new Date();
    const file = await uploadAs(forms.ctx, forms.token, samplePdf, 'etiket.pdf', 'Attachment');
    resetClock();
    const before = (await mailsTo(forms.ctx, staff.emailAddress)).length;
    const res = await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, {
      token: forms.token,
      body: { itemKind: 'Submission', id, text: 'Er ontbreekt nog een rol voor Jan Jansen.', fileGuids: [file.fileGuid] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'Processing' });
    expect(await status(id)).toBe('Processing');

    const row = await myRequest(id);
    expect(row.thread).toEqual([
      expect.objectContaining({ from: 'customer', author: 'Sanne Pieters', text: 'Er ontbreekt nog een rol voor Jan Jansen.', files: [{ fileGuid: file.fileGuid, fileName: 'etiket.pdf' }] }),
    ]);
    const download = await forms.ctx.app.inject({
      method: 'GET',
      url: myRequestThreadCalls.getMyRequestFile.path,
      query: { FileId: file.fileGuid },
      headers: { authorization: `Bearer ${forms.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samplePdf)).toBe(true);

    const told = (await mailsTo(forms.ctx, staff.emailAddress)).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Reactie van Apotheek De Linde \(T-.+\) op AAN-\d{4}-\d{6}$/);
    expect(told[0]!.textBody).toContain(`http://portal.test/beheer/inbox/formulier/${id}`);
    expect(told[0]!.textBody).not.toContain('Jan Jansen');

    const audit = await forms.ctx.database.ownerDb.execute<{ patients: { name: string }[] }>(sql`
      select patients from audit_log where action = 'InboxReply' and object_id = ${String(id)}`);
    expect(audit.rows[0]!.patients.map((p) => p.name)).toEqual(['Jan Jansen']);
  });

  it("is an event of the provider's feed, its file by a link the provider's system reads", async () => {
    const id = await fileRequest();
    clock.now = new Date();
    const file = await uploadAs(forms.ctx, forms.token, samplePdf, 'bon.pdf', 'Attachment');
    resetClock();
    await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, { token: forms.token, body: { itemKind: 'Submission', id, text: 'Zie de bon.', fileGuids: [file.fileGuid] } });
    const erp = await integrationNow(forms, ['submissions:read']);
    const { events } = await readAll({ ...forms, erp });
    const replied = events.find((event) => event.type === 'submission.replied' && event.data.reference.endsWith(String(id).padStart(6, '0')));
    expect(replied?.data).toMatchObject({ text: 'Zie de bon.', via: 'portal', repliedBy: { kind: 'account', name: 'Sanne Pieters' }, files: [{ id: file.fileGuid, fileName: 'bon.pdf' }] });
    const link = (replied!.data as { files: { href: string }[] }).files[0]!.href;
    const read = await forms.ctx.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${erp.token}` } });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(samplePdf)).toBe(true);
  });

  it("refuses another customer's item, a file that is not the account's own, and an empty text", async () => {
    const id = await fileRequest();
    const other = await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, { token: forms.otherToken, body: { itemKind: 'Submission', id, text: 'Hallo' } });
    expect(other.statusCode).toBe(404);
    clock.now = new Date();
    const foreign = await uploadAs(forms.ctx, forms.otherToken, samplePdf, 'ander.pdf');
    resetClock();
    const stolen = await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, { token: forms.token, body: { itemKind: 'Submission', id, text: 'Hallo', fileGuids: [foreign.fileGuid] } });
    expect(stolen.statusCode).toBe(400);
    expect(Object.keys(stolen.json<{ errors: object }>().errors)).toEqual(['fileGuids.0']);
    const empty = await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, { token: forms.token, body: { itemKind: 'Submission', id, text: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(await status(id)).toBe('New');
    expect((await myRequest(id)).thread).toEqual([]);
  });
});

describe('a reply by mail', () => {
  let id: number;
  let replyTo: string;
  beforeAll(async () => {
    id = await fileRequest();
    await inbox(backofficeInboxCalls.answer, { itemKind: 'Submission', id, subject: 'Uw aanvraag', text: 'Welke afdeling bedoelt u?' });
    const answer = (await mailsTo(forms.ctx, forms.submitterEmail)).at(-1);
    replyTo = answer!.replyTo!;
  });

  const send = (from: string, to: string, extra: object = {}) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
      .sendMail({ from, to, subject: 'Re: Uw aanvraag', text: 'Afdeling Zon.\n\nOp 27 nov. 2026 schreef Mijn Spits:\n> Welke afdeling bedoelt u?', ...extra });

  it('carries the item’s reply address, and a reply from the submitter lands on it with its attachment, the quote left out', async () => {
    expect(replyTo).toMatch(new RegExp(`^antwoord\\+f${id}\\.[0-9a-f]{24}@${DOMAIN.replace(/\./g, '\\.')}$`));
    await send(forms.submitterEmail, replyTo, { attachments: [{ filename: 'foto.pdf', content: samplePdf }] });
    const row = await myRequest(id);
    expect(row.thread.map((m) => [m.from, m.text, m.files.map((f) => f.fileName)])).toEqual([
      ['provider', 'Welke afdeling bedoelt u?', []],
      ['customer', 'Afdeling Zon.', ['foto.pdf']],
    ]);
    expect(await status(id)).toBe('Processing');
    const via = await forms.ctx.database.ownerDb.execute<{ via: string }>(sql`select via from inbox_events where item_id = ${id} and event = 'Reply'`);
    expect(via.rows).toEqual([{ via: 'mail' }]);
  });

  it('refuses a forged reply address and a sender that is no account of the customer, keeping nothing', async () => {
    const forged = replyTo.replace(/\.([0-9a-f])/, (_m, c: string) => `.${c === '0' ? '1' : '0'}`);
    await expect(send(forms.submitterEmail, forged)).rejects.toMatchObject({ responseCode: 550 });
    await expect(send('iemand@elders.example', replyTo)).rejects.toMatchObject({ responseCode: 550 });
    // A colleague of the customer who is no account of it is no sender either: another customer's account.
    const outsider = await createAccount(forms.ctx, forms.other);
    await expect(send(outsider.emailAddress, replyTo)).rejects.toMatchObject({ responseCode: 550 });
    await expect(send(forms.submitterEmail, `antwoord+f${id}@elders.example`)).rejects.toMatchObject({ responseCode: 550 });
    expect((await myRequest(id)).thread).toHaveLength(2);
    const refused = await forms.ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'InboundMail' and outcome = 'Failure'`);
    expect(refused.rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('comes as well from a hosted mail service posting the raw message, with its secret', async () => {
    const raw = await new MailComposer({ from: forms.submitterEmail, to: replyTo, subject: 'Re: Uw aanvraag', text: 'Via de dienst.' }).compile().build();
    const post = (authorization: string, to = replyTo) =>
      forms.ctx.app.inject({ method: 'POST', url: '/api/inbound-mail', query: { to }, headers: { authorization, 'content-type': 'message/rfc822' }, payload: raw });
    expect((await post('Bearer niet-het-geheim-maar-wel-lang-genoeg-123')).statusCode).toBe(401);
    const forged = await post(`Bearer ${SECRET}`, `antwoord+f${id}.000000000000000000000000@${DOMAIN}`);
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ title: 'Onbekend antwoordadres' });
    expect((await post(`Bearer ${SECRET}`)).statusCode).toBe(202);
    expect((await myRequest(id)).thread.at(-1)).toMatchObject({ from: 'customer', text: 'Via de dienst.' });
  });

  it('takes a colleague of the same customer as the sender', async () => {
    const colleagueAccount = await createAccount(forms.ctx, forms.client, { firstName: 'Mila' });
    await login(forms.ctx, colleagueAccount);
    await send(colleagueAccount.emailAddress, replyTo, { text: 'Ook graag een extra rol.' });
    expect((await myRequest(id)).thread.at(-1)).toMatchObject({ from: 'customer', author: 'Mila Pieters', text: 'Ook graag een extra rol.' });
  });
});

describe('files in the thread', () => {
  const uploadForAnswer = (id: number, fileName: string, content: Buffer) => {
    const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
    return forms.ctx.app.inject({
      method: 'POST',
      url: backofficeInboxCalls.uploadAttachment.path,
      query: { ItemKind: 'Submission', Id: String(id) },
      headers: { 'content-type': contentType, authorization: `Bearer ${staff.token}` },
      payload,
    });
  };

  it("go with staff's answer by the upload rules, reach the customer, and the history shows who replied with what", async () => {
    const id = await fileRequest();
    expect((await uploadForAnswer(id, 'setup.pdf', elfBytes)).json()).toMatchObject({ errors: { file: [validation.fileTypeNotAllowed] } });
    const uploaded = await uploadForAnswer(id, 'instructie.pdf', samplePdf);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileGuid = uploaded.json<{ fileGuid: string }>().fileGuid;
    await inbox(backofficeInboxCalls.answer, { itemKind: 'Submission', id, subject: 'Instructie', text: 'Zie de bijlage.', fileGuids: [fileGuid] });
    expect((await myRequest(id)).thread).toEqual([expect.objectContaining({ from: 'provider', text: 'Zie de bijlage.', files: [{ fileGuid, fileName: 'instructie.pdf' }] })]);
    const download = await forms.ctx.app.inject({ method: 'GET', url: myRequestThreadCalls.getMyRequestFile.path, query: { FileId: fileGuid }, headers: { authorization: `Bearer ${forms.token}` } });
    expect(download.rawPayload.equals(samplePdf)).toBe(true);
    // The other customer reaches neither the file nor, by its id, the answer.
    const foreign = await forms.ctx.app.inject({ method: 'GET', url: myRequestThreadCalls.getMyRequestFile.path, query: { FileId: fileGuid }, headers: { authorization: `Bearer ${forms.otherToken}` } });
    expect(foreign.statusCode).toBe(404);
    // A file used once is used: a second answer cannot take it.
    const again = await call(forms.ctx, backofficeInboxCalls.answer, { token: staff.token, body: { itemKind: 'Submission', id, subject: 'Nog eens', text: 'x', fileGuids: [fileGuid] } });
    expect(again.statusCode).toBe(400);

    await call(forms.ctx, myRequestThreadCalls.replyToMyRequest, { token: forms.token, body: { itemKind: 'Submission', id, text: 'Dank, duidelijk.' } });
    const detail = await call(forms.ctx, backofficeInboxCalls.getItem, { token: staff.token, query: { ItemKind: 'Submission', Id: String(id) } });
    const history = detail.json<InboxDetail>().history;
    expect(history.map((e) => [e.event, e.staffName ?? e.customerName, e.via, e.files.map((f) => f.fileName)])).toEqual([
      ['Received', null, null, []],
      ['Answer', expect.stringContaining('Karin'), null, ['instructie.pdf']],
      ['Reply', 'Sanne Pieters', 'portal', []],
      ['Status', 'Sanne Pieters', null, []],
    ]);
    const staffDownload = await forms.ctx.app.inject({ method: 'GET', url: backofficeInboxCalls.downloadFile.path, query: { FileId: fileGuid }, headers: { authorization: `Bearer ${staff.token}` } });
    expect(staffDownload.statusCode).toBe(200);
  });
});

describe('the reply text of a mail', () => {
  it('stops at the quote, whatever the mail program writes above it', () => {
    expect(replyTextOf('Prima, dank!\n\nOn Fri, Nov 27, 2026 at 10:00 Mijn Spits <noreply@mijnspits.nl> wrote:\n> tekst')).toBe('Prima, dank!');
    expect(replyTextOf('Ja.\r\n-----Oorspronkelijk bericht-----\r\nVan: Mijn Spits')).toBe('Ja.');
    expect(replyTextOf('Twee regels\nzonder citaat')).toBe('Twee regels\nzonder citaat');
  });
});
