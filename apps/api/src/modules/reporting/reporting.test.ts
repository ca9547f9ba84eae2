import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeReportingCalls as reporting, reportingText, type Report, type StaffRole } from '@portal/contract';
import { inboxEvents } from '../../db/schema.js';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { auditOf, colleague, insertOrder, insertSubmission, type Colleague, type Customer, type ItemRef } from '../inbox/test-support.js';

/*
 * A known fortnight (Monday 2 March to Sunday 15 March 2026, Amsterdam time, CET) of items and acts with known
 * times; the clock stands on Friday 20 March, 13:00 in Amsterdam. The expected figures are worked out by hand in
 * the comments beside the items.
 */
const now = new Date('2026-03-20T12:00:00Z');
const period = { from: '2026-03-02', until: '2026-03-15' };
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let linde: Customer;
let baken: Customer;
let staff: Record<StaffRole, Colleague>;

async function customer(name: string, firstName: string): Promise<Customer> {
  const client = await createCustomer(ctx, name);
  const account = await createAccount(ctx, client, { firstName });
  return { ...client, name, account, token: (await login(ctx, account)).accessToken };
}

type Act = { at: string; event: 'Status' | 'Answer' | 'Note' | 'Assigned' | 'Reply'; by?: Colleague; from?: string; to?: string };

/** An item's acts straight into its history, and its status as the last of them left it. */
async function history(who: Customer, item: ItemRef, acts: Act[], status?: { status: string; changedAt: string }) {
  for (const act of acts) {
    await ctx.database.ownerDb.insert(inboxEvents).values({
      customerId: who.id,
      itemKind: item.itemKind,
      itemId: item.id,
      at: at(act.at),
      staffId: act.by?.id ?? null,
      accountId: act.event === 'Reply' ? who.account.id : null,
      event: act.event,
      fromStatus: act.from ?? null,
      toStatus: act.to ?? null,
      subject: act.event === 'Answer' ? 'Uw vraag' : null,
      body: act.event === 'Status' ? null : 'Tekst',
    });
  }
  if (status) {
    const table = sql.raw(item.itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders');
    await ctx.database.ownerDb.execute(
      sql`update ${table} set status = ${status.status}, status_changed_at = ${status.changedAt}::timestamptz where client_id = ${who.id} and id = ${item.id}`,
    );
  }
}

const question = (who: Customer, createdAt: string) => insertSubmission(ctx, who, 'NonFaqQuestion', { question: 'Wanneer?' }, { createdAt: at(createdAt) });

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => now });
  linde = await customer('Apotheek De Linde', 'Sanne');
  baken = await customer('Zorggroep Het Baken', 'Ruben');
  staff = { Beheerder: await colleague(ctx, 'Beheerder', 'Bea'), Klantenservice: await colleague(ctx, 'Klantenservice', 'Karim'), Kwaliteit: await colleague(ctx, 'Kwaliteit', 'Kees') };
  const { Beheerder: bea, Klantenservice: karim, Kwaliteit: kees } = staff;

  // I: Monday 2 March 00:30 in Amsterdam (still Sunday in UTC): week 10. First response after 6 h; archived after 10.5 h.
  const photo = await insertSubmission(ctx, baken, 'Photo', { patientId: baken.patientId }, { createdAt: at('2026-03-01T23:30:00Z') });
  await history(baken, photo, [
    { at: '2026-03-02T05:30:00Z', event: 'Status', by: bea, from: 'New', to: 'Processing' },
    { at: '2026-03-02T10:00:00Z', event: 'Status', by: bea, from: 'Processing', to: 'Archived' },
  ], { status: 'Archived', changedAt: '2026-03-02T10:00:00Z' });
  // A: the status change (1 h) comes before the answer (4 h): 1 h. Archived after 24 h, within its 48 h.
  const a = await question(linde, '2026-03-02T08:00:00Z');
  await history(linde, a, [
    { at: '2026-03-02T09:00:00Z', event: 'Status', by: karim, from: 'New', to: 'Processing' },
    { at: '2026-03-02T12:00:00Z', event: 'Answer', by: karim },
    { at: '2026-03-03T08:00:00Z', event: 'Status', by: karim, from: 'Processing', to: 'Archived' },
  ], { status: 'Archived', changedAt: '2026-03-03T08:00:00Z' });
  // B: the answer (3 h) comes before the status change: 3 h. Still open after 17 days: over its 48 h.
  const b = await question(linde, '2026-03-03T10:00:00Z');
  await history(linde, b, [
    { at: '2026-03-03T13:00:00Z', event: 'Answer', by: bea },
    { at: '2026-03-03T14:00:00Z', event: 'Status', by: bea, from: 'New', to: 'Processing' },
  ], { status: 'Processing', changedAt: '2026-03-03T14:00:00Z' });
  // C: Kwaliteit's report: 10 h; archived after 120 h, over its 72 h.
  const c = await insertSubmission(ctx, baken, 'ImperfectionOosterwolde', { patientId: baken.patientId }, { createdAt: at('2026-03-04T09:00:00Z') });
  await history(baken, c, [
    { at: '2026-03-04T19:00:00Z', event: 'Status', by: kees, from: 'New', to: 'Processing' },
    { at: '2026-03-05T08:00:00Z', event: 'Note', by: kees },
    { at: '2026-03-09T09:00:00Z', event: 'Status', by: kees, from: 'Processing', to: 'Archived' },
  ], { status: 'Archived', changedAt: '2026-03-09T09:00:00Z' });
  // D: an order, week 11: 2 h; open after 10 days, over its 120 h.
  const d = await insertOrder(ctx, linde, { createdAt: at('2026-03-10T07:00:00Z') });
  await history(linde, d, [{ at: '2026-03-10T09:00:00Z', event: 'Status', by: karim, from: 'New', to: 'Processing' }], {
    status: 'Processing',
    changedAt: '2026-03-10T09:00:00Z',
  });
  // E: assigned, noted and replied to by the customer, but never answered: no response; New and over time.
  const e = await question(baken, '2026-03-11T12:00:00Z');
  await history(baken, e, [
    { at: '2026-03-11T13:00:00Z', event: 'Assigned', by: karim },
    { at: '2026-03-12T09:00:00Z', event: 'Note', by: karim },
    { at: '2026-03-12T10:00:00Z', event: 'Reply' },
  ]);
  // F: answered by the provider's system writing back (no staff member): 4 h.
  const f = await question(linde, '2026-03-12T10:00:00Z');
  await history(linde, f, [{ at: '2026-03-12T14:00:00Z', event: 'Answer' }]);
  // G: arrived before the period; Karim's answer within it counts as his work, not as a response of the period.
  const g = await question(linde, '2026-02-27T10:00:00Z');
  await history(linde, g, [{ at: '2026-03-02T10:00:00Z', event: 'Answer', by: karim }]);
  // J: Monday 16 March 00:30 in Amsterdam: after the period, as is Bea's answer to it.
  const j = await question(linde, '2026-03-15T23:30:00Z');
  await history(linde, j, [{ at: '2026-03-16T10:00:00Z', event: 'Answer', by: bea }]);
});
afterAll(async () => {
  await ctx?.close();
});

async function reportAs(role: StaffRole, query: Record<string, string> = period): Promise<Report> {
  const res = await call(ctx, reporting.get, { token: staff[role].token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}

const hours = (h: number) => h * 3600;

describe('the report’s figures on a known fortnight', () => {
  it('counts the items per kind per Amsterdam week', async () => {
    const report = await reportAs('Beheerder');
    expect(report.kinds).toEqual(['NonFaqQuestion', 'Photo', 'ImperfectionOosterwolde', 'ServiceOrder']);
    expect(report.weeks).toEqual([
      { weekStart: '2026-03-02', week: 10, counts: { NonFaqQuestion: 2, Photo: 1, ImperfectionOosterwolde: 1 }, total: 4 },
      { weekStart: '2026-03-09', week: 11, counts: { NonFaqQuestion: 2, ServiceOrder: 1 }, total: 3 },
    ]);
  });

  it('gives the first-response time per kind and over all kinds as median and 90th percentile', async () => {
    const report = await reportAs('Klantenservice');
    expect(report.firstResponse).toEqual([
      // 1 h, 3 h, 4 h (and E unanswered): median 3 h; 90th percentile 3 h + 0.8 × 1 h.
      { kind: 'NonFaqQuestion', received: 4, responded: 3, medianSeconds: hours(3), p90Seconds: hours(3.8) },
      { kind: 'Photo', received: 1, responded: 1, medianSeconds: hours(6), p90Seconds: hours(6) },
      { kind: 'ImperfectionOosterwolde', received: 1, responded: 1, medianSeconds: hours(10), p90Seconds: hours(10) },
      { kind: 'ServiceOrder', received: 1, responded: 1, medianSeconds: hours(2), p90Seconds: hours(2) },
      // 1, 2, 3, 4, 6, 10 h: median 3.5 h; 90th percentile 6 h + 0.5 × 4 h.
      { kind: null, received: 7, responded: 6, medianSeconds: hours(3.5), p90Seconds: hours(8) },
    ]);
  });

  it('counts the items open longer than their kind’s service time, archived late or still open', async () => {
    const report = await reportAs('Beheerder');
    expect(report.serviceTime).toEqual([
      { kind: 'NonFaqQuestion', serviceHours: 48, received: 4, overdue: 3, overdueOpen: 3 },
      { kind: 'Photo', serviceHours: 48, received: 1, overdue: 0, overdueOpen: 0 },
      { kind: 'ImperfectionOosterwolde', serviceHours: 72, received: 1, overdue: 1, overdueOpen: 0 },
      { kind: 'ServiceOrder', serviceHours: 120, received: 1, overdue: 1, overdueOpen: 1 },
    ]);
  });

  it('gives each staff member the items handled and answered in the period and the median of their first responses', async () => {
    const report = await reportAs('Beheerder');
    expect(report.staff).toEqual([
      // B and I; Bea's answer to J falls after the period.
      { staffId: staff.Beheerder.id, name: 'Bea Beheerder', handled: 2, answered: 1, firstResponses: 2, medianSeconds: hours(4.5) },
      // A, D, E (a note; assigning it is no handling) and G (arrived before the period).
      { staffId: staff.Klantenservice.id, name: 'Karim Klantenservice', handled: 4, answered: 2, firstResponses: 2, medianSeconds: hours(1.5) },
      { staffId: staff.Kwaliteit.id, name: 'Kees Kwaliteit', handled: 1, answered: 0, firstResponses: 1, medianSeconds: hours(10) },
    ]);
  });

  it('gives Kwaliteit the imperfection reports’ figures only, as its inbox', async () => {
    const report = await reportAs('Kwaliteit');
    expect(report.kinds).toEqual(['ImperfectionOosterwolde']);
    expect(report.weeks.map((w) => w.total)).toEqual([1, 0]);
    expect(report.firstResponse).toEqual([
      { kind: 'ImperfectionOosterwolde', received: 1, responded: 1, medianSeconds: hours(10), p90Seconds: hours(10) },
      { kind: null, received: 1, responded: 1, medianSeconds: hours(10), p90Seconds: hours(10) },
    ]);
    expect(report.serviceTime).toEqual([{ kind: 'ImperfectionOosterwolde', serviceHours: 72, received: 1, overdue: 1, overdueOpen: 0 }]);
    expect(report.staff.map((s) => [s.name, s.handled])).toEqual([['Kees Kwaliteit', 1]]);
  });

  it('covers the last 12 weeks, this one so far included, when no period is chosen', async () => {
    const report = await reportAs('Beheerder', {});
    expect([report.from, report.until]).toEqual(['2025-12-29', '2026-03-20']);
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks.at(-1)).toMatchObject({ weekStart: '2026-03-16', week: 12, total: 1 });
  });
});

describe('a service time the Beheerder set', () => {
  it('counts against the Beheerder’s hours for its kind instead of the default', async () => {
    // I, the photo request, was archived after 10.5 h: within the default 48 h, over 6.
    await ctx.database.ownerDb.execute(sql`insert into inbox_service_times (kind, hours) values ('Photo', 6)`);
    try {
      const report = await reportAs('Beheerder');
      expect(report.serviceTime.find((r) => r.kind === 'Photo')).toEqual({ kind: 'Photo', serviceHours: 6, received: 1, overdue: 1, overdueOpen: 0 });
    } finally {
      await ctx.database.ownerDb.execute(sql`delete from inbox_service_times where kind = 'Photo'`);
    }
  });
});

describe('a history out of time order', () => {
  it('counts an act recorded before its item’s receipt as an immediate response, never as a failed report', async () => {
    const early = await question(baken, '2026-04-07T10:00:00Z');
    await history(baken, early, [{ at: '2026-04-06T10:00:00Z', event: 'Answer', by: staff.Beheerder }]);
    const report = await reportAs('Beheerder', { from: '2026-04-06', until: '2026-04-12' });
    expect(report.firstResponse).toEqual([
      { kind: 'NonFaqQuestion', received: 1, responded: 1, medianSeconds: 0, p90Seconds: 0 },
      { kind: null, received: 1, responded: 1, medianSeconds: 0, p90Seconds: 0 },
    ]);
    expect(report.staff).toEqual([{ staffId: staff.Beheerder.id, name: 'Bea Beheerder', handled: 1, answered: 1, firstResponses: 1, medianSeconds: 0 }]);
  });
});

describe('reading the report', () => {
  it('is audited, naming no customer and no patient', async () => {
    await reportAs('Klantenservice');
    const row = (await auditOf(ctx, 'Backoffice.ReportRead')).at(-1)!;
    expect(row).toMatchObject({ staff_id: staff.Klantenservice.id, client_id: null, patient_ids: null, details: period });
  });

  it('downloads each figure as CSV with the columns of its table, audited', async () => {
    const res = await call(ctx, reporting.export, { token: staff.Beheerder.token, query: { ...period, figure: 'firstResponse' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('rapportage-eerste-reactie-2026-03-20.csv');
    expect(res.body).toBe(
      '\uFEFFSoort;Ontvangen;Met reactie;Mediaan (uren);90e percentiel (uren)\r\n' +
        'Vraag;4;3;3,0;3,8\r\n' +
        'Aanvraag foto;1;1;6,0;6,0\r\n' +
        'Melding onvolkomenheden (Oosterwolde);1;1;10,0;10,0\r\n' +
        'Bestelling serviceproducten;1;1;2,0;2,0\r\n' +
        'Alle soorten;7;6;3,5;8,0\r\n',
    );
    const weeks = await call(ctx, reporting.export, { token: staff.Kwaliteit.token, query: { ...period, figure: 'weeks' } });
    expect(weeks.body).toBe('\uFEFFWeek;Begint op;Melding onvolkomenheden (Oosterwolde);Totaal\r\n10;02-03-2026;1;1\r\n11;09-03-2026;0;0\r\n');
    const row = (await auditOf(ctx, 'Backoffice.ReportExport')).at(-1)!;
    expect(row).toMatchObject({ staff_id: staff.Kwaliteit.id, client_id: null, patient_ids: null, object_id: 'weeks', details: { figure: 'weeks', ...period } });
  });

  it('is the provider staff’s: no token or a customer’s token is refused', async () => {
    for (const token of [undefined, linde.token]) expectProblem(await call(ctx, reporting.get, { token, query: period }), 401);
  });

  it('answers a wrong period or figure with a Dutch message, never a 500', async () => {
    const token = staff.Beheerder.token;
    const reversed = await call(ctx, reporting.get, { token, query: { from: '2026-03-15', until: '2026-03-02' } });
    expectProblem(reversed, 400);
    expect(reversed.json().errors.until).toEqual([reportingText.periodOrder]);
    const long = await call(ctx, reporting.get, { token, query: { from: '2020-01-01' } });
    expectProblem(long, 400);
    expect(long.json().errors.from).toEqual([reportingText.periodTooLong]);
    expectProblem(await call(ctx, reporting.get, { token, query: { from: '2026-02-30' } }), 400);
    expectProblem(await call(ctx, reporting.export, { token, query: { figure: 'patients' } }), 400);
  });
});
