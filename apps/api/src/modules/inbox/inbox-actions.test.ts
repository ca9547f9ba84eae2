import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeInboxCalls as inbox, calls, inboxText, type InboxStatus, type ServiceProductOrder } from '@portal/contract';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { call, mailsTo } from '../../test/harness.js';
import { auditOf, colleague, insertOrder, insertSubmission, openInbox, readDetail, type Colleague, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;

beforeAll(async () => {
  world = await openInbox();
});
afterAll(async () => {
  await world?.ctx.close();
});

const setStatus = (item: ItemRef, status: InboxStatus, as: Colleague = world.staff.Klantenservice) =>
  call(world.ctx, inbox.setStatus, { token: as.token, body: { itemKind: item.itemKind, id: item.id, status } });

const stored = async (item: ItemRef) => {
  const table = sql.raw(item.itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders');
  return (
    await world.ctx.database.ownerDb.execute<{ status: string; status_changed_at: string | null; assignee_id: number | null }>(
      sql`select status, status_changed_at, assignee_id from ${table} where id = ${item.id}`,
    )
  ).rows[0]!;
};

describe('status', () => {
  it('goes New → Processing → Archived and back to Processing, each change in the history and the audit trail', async () => {
    const item = await insertSubmission(world.ctx, world.linde, 'Photo', { patientId: world.linde.patientId });
    for (const status of ['Processing', 'Archived', 'Processing'] as const) {
      const res = await setStatus(item, status);
      expect(res.statusCode, res.body).toBe(204);
      expect((await stored(item)).status).toBe(status);
    }
    expect((await stored(item)).status_changed_at).not.toBeNull();
    const { history, status } = await readDetail(world, world.staff.Beheerder, item);
    expect(status).toBe('Processing');
    expect(history.map((e) => [e.event, e.fromStatus, e.toStatus, e.staffName])).toEqual([
      ['Received', null, 'New', null],
      ['Status', 'New', 'Processing', 'Karim Klantenservice'],
      ['Status', 'Processing', 'Archived', 'Karim Klantenservice'],
      ['Status', 'Archived', 'Processing', 'Karim Klantenservice'],
    ]);
    const audit = (await auditOf(world.ctx, 'Backoffice.InboxStatus')).filter((row) => row.object_id === String(item.id));
    expect(audit.map((row) => row.details)).toEqual([
      { from: 'New', to: 'Processing' },
      { from: 'Processing', to: 'Archived' },
      { from: 'Archived', to: 'Processing' },
    ]);
    expect(audit[0]).toMatchObject({ staff_id: world.staff.Klantenservice.id, client_id: world.linde.id, patient_ids: [world.linde.patientId] });
  });

  it.each([
    ['New', 'Archived'],
    ['New', 'New'],
    ['Processing', 'New'],
    ['Processing', 'Processing'],
    ['Archived', 'New'],
    ['Archived', 'Archived'],
  ] as const)('refuses %s → %s with a Dutch 400, and changes nothing', async (from, to) => {
    const item = await insertSubmission(world.ctx, world.baken, 'NewProduct', { drugName: 'X' }, { status: from });
    expectFieldErrors(await setStatus(item, to), 'status', [inboxText.transitionRefused]);
    expect(await stored(item)).toMatchObject({ status: from, status_changed_at: null });
    expect((await readDetail(world, world.staff.Beheerder, item)).history).toHaveLength(1);
  });

  it("of a service order shows in the customer's Bestellingen and its detail", async () => {
    const order = await insertOrder(world.ctx, world.linde);
    expect((await setStatus(order, 'Processing', world.staff.Beheerder)).statusCode).toBe(204);
    const table = await call(world.ctx, calls.serviceProductOrder.getServiceProductOrderTable, { token: world.linde.token, body: {} });
    expect(table.json<{ items: { serviceProductOrderId: number; status: string }[] }>().items).toContainEqual(
      expect.objectContaining({ serviceProductOrderId: order.id, status: 'Processing' }),
    );
    const detail = await call(world.ctx, calls.serviceProductOrder.getServiceProductOrderById, {
      token: world.linde.token,
      query: { ServiceProductOrderId: String(order.id) },
    });
    expect(detail.json<ServiceProductOrder>().status).toBe('Processing');
  });

  it('mails the submitter a new status only when its account asked for it', async () => {
    const { ctx, linde } = world;
    const quiet = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Stil?' });
    const before = (await mailsTo(ctx, linde.account.emailAddress)).length;
    await setStatus(quiet, 'Processing');
    expect(await mailsTo(ctx, linde.account.emailAddress)).toHaveLength(before);

    await ctx.database.ownerDb.execute(sql`update accounts set status_mails = true where id = ${linde.account.id}`);
    const wanted = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Mail?' });
    await setStatus(wanted, 'Processing');
    const mails = await mailsTo(ctx, linde.account.emailAddress);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Nieuwe status: In behandeling');
    expect(mails.at(-1)!.textBody).toContain(`De status van uw vraag van`);
    expect(mails.at(-1)!.textBody).toMatch(new RegExp(`\\(referentie AAN-\\d{4}-${String(wanted.id).padStart(6, '0')}\\) is nu: In behandeling\\.`));
    expect(mails.at(-1)!.textBody).toContain('http://portal.test/mijn-aanvragen');
    // Kwaliteit, which reads no accounts across customers, still mails for the reports it handles.
    const report = await insertSubmission(ctx, linde, 'ImperfectionOosterwolde', { patientId: linde.patientId });
    expect((await setStatus(report, 'Processing', world.staff.Kwaliteit)).statusCode).toBe(204);
    const afterReport = await mailsTo(ctx, linde.account.emailAddress);
    expect(afterReport).toHaveLength(before + 2);
    // The customer's mail names the kind as the customer knows it, not the provider's site (issue 30.11).
    expect(afterReport.at(-1)!.textBody).toContain('De status van uw melding onvolkomenheden van');
    expect(afterReport.at(-1)!.textBody).not.toContain('Oosterwolde');
    await ctx.database.ownerDb.execute(sql`update accounts set status_mails = false where id = ${linde.account.id}`);
  });
});

describe('assignment', () => {
  it('gives an item to a colleague and back to nobody, in the history', async () => {
    const item = await insertSubmission(world.ctx, world.baken, 'Imperfection', { patientId: world.baken.patientId });
    const assign = (assigneeId: number | null) =>
      call(world.ctx, inbox.assign, { token: world.staff.Beheerder.token, body: { ...item, assigneeId } });
    expect((await assign(world.staff.Kwaliteit.id)).statusCode).toBe(204);
    expect((await stored(item)).assignee_id).toBe(world.staff.Kwaliteit.id);
    expect((await assign(world.staff.Kwaliteit.id)).statusCode).toBe(204);
    expect((await assign(null)).statusCode).toBe(204);
    expect((await stored(item)).assignee_id).toBe(null);
    const { history } = await readDetail(world, world.staff.Beheerder, item);
    // Giving it to whom it already has is no event.
    expect(history.filter((e) => e.event === 'Assigned').map((e) => [e.assigneeName, e.staffName])).toEqual([
      ['Kees Kwaliteit', 'Bea Beheerder'],
      [null, 'Bea Beheerder'],
    ]);
    expect((await auditOf(world.ctx, 'Backoffice.InboxAssign')).at(-1)).toMatchObject({ client_id: world.baken.id, details: { from: world.staff.Kwaliteit.id, to: null } });
  });

  it('refuses a colleague who does not exist, is switched off, or may not see the item', async () => {
    const order = await insertOrder(world.ctx, world.baken);
    const assign = (assigneeId: number) => call(world.ctx, inbox.assign, { token: world.staff.Beheerder.token, body: { ...order, assigneeId } });
    expectFieldErrors(await assign(999_999), 'assigneeId', [inboxText.assigneeUnknown]);
    const gone = await colleague(world.ctx, 'Klantenservice');
    await world.ctx.database.ownerDb.execute(sql`update staff_accounts set is_active = false where id = ${gone.id}`);
    expectFieldErrors(await assign(gone.id), 'assigneeId', [inboxText.assigneeUnknown]);
    expectFieldErrors(await assign(world.staff.Kwaliteit.id), 'assigneeId', [inboxText.assigneeCannotSee]);
    expect((await stored(order)).assignee_id).toBe(null);
  });
});

describe('notes and answers', () => {
  it('keeps an internal note in the history', async () => {
    const item = await insertSubmission(world.ctx, world.linde, 'NewProduct', { drugName: 'Y' });
    const res = await call(world.ctx, inbox.addNote, { token: world.staff.Klantenservice.token, body: { ...item, text: '  Apotheek teruggebeld.  ' } });
    expect(res.statusCode).toBe(204);
    const note = (await readDetail(world, world.staff.Beheerder, item)).history.at(-1)!;
    expect(note).toMatchObject({ event: 'Note', body: 'Apotheek teruggebeld.', staffName: 'Karim Klantenservice' });
    expectFieldErrors(
      await call(world.ctx, inbox.addNote, { token: world.staff.Klantenservice.token, body: { ...item, text: '  ' } }),
      'text',
      [inboxText.noteRequired],
    );
    expect((await auditOf(world.ctx, 'Backoffice.InboxNote')).at(-1)).toMatchObject({ object_id: String(item.id), client_id: world.linde.id });
  });

  it('mails the submitter that there is an answer, whatever its status-mail setting, and keeps it in the history', async () => {
    const { ctx, baken } = world;
    const item = await insertSubmission(ctx, baken, 'NonFaqQuestion', { question: 'Wanneer?' });
    const res = await call(ctx, inbox.answer, {
      token: world.staff.Klantenservice.token,
      body: { ...item, subject: 'Uw vraag\r\nBcc: iemand@elders.test', text: 'De levering komt donderdag.' },
    });
    expect(res.statusCode, res.body).toBe(204);
    // Deliberately changed (issue 30.3): what staff write may name a patient, so the mail says that there is an
    // answer and where to read it, in neither its subject nor its text.
    const mail = (await mailsTo(ctx, baken.account.emailAddress)).at(-1)!;
    const reference = `AAN-\\d{4}-${String(item.id).padStart(6, '0')}`;
    expect(mail.subject).toMatch(new RegExp(`^Antwoord op uw vraag ${reference}$`));
    expect(mail.textBody).toMatch(new RegExp(`^Er is een antwoord op uw vraag van .* \\(referentie ${reference}\\)\\.\n`));
    expect(mail.textBody).toContain('U leest het in Mijn Spits, onder Mijn aanvragen en meldingen: http://portal.test/mijn-aanvragen');
    expect(mail.textBody).not.toMatch(/donderdag|Bcc/);
    const answer = (await readDetail(world, world.staff.Beheerder, item)).history.at(-1)!;
    expect(answer).toMatchObject({ event: 'Answer', body: 'De levering komt donderdag.', mailedTo: baken.account.emailAddress, staffName: 'Karim Klantenservice' });
    expect((await auditOf(ctx, 'Backoffice.InboxAnswer')).at(-1)).toMatchObject({ details: { mailedTo: baken.account.emailAddress } });
  });

  it('refuses an answer without subject or text, or to a submitter without an address', async () => {
    const item = await insertSubmission(world.ctx, world.baken, 'NonFaqQuestion', { question: '?' });
    const answer = (body: Record<string, unknown>) => call(world.ctx, inbox.answer, { token: world.staff.Beheerder.token, body: { ...item, ...body } });
    expectFieldErrors(await answer({ subject: '', text: 'Tekst' }), 'subject', [inboxText.subjectRequired]);
    expectFieldErrors(await answer({ subject: 'Onderwerp' }), 'text', [inboxText.answerRequired]);
    const anonymous = await insertSubmission(world.ctx, world.baken, 'NonFaqQuestion', { question: '?' }, { withoutAccount: true });
    const res = await call(world.ctx, inbox.answer, { token: world.staff.Beheerder.token, body: { ...anonymous, subject: 'Re', text: 'Tekst' } });
    expectProblem(res, 400, inboxText.noSubmitterAddress);
    expect((await readDetail(world, world.staff.Beheerder, anonymous)).history).toHaveLength(1);
  });
});
