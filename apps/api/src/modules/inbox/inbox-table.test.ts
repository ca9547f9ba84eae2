import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeInboxCalls as inbox, inboxKindLabels, inboxStatus, type InboxKind, type InboxRow } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { expectFieldErrors } from '../../test/auth-helpers.js';
import { call } from '../../test/harness.js';
import { auditOf, inboxTable, insertOrder, insertSubmission, openInbox, refOf, refsOf, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;
const items: Record<string, ItemRef> = {};

/** 10:00 in Amsterdam on a day of March 2026. */
const march = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T09:00:00Z`);

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, baken, staff } = world;
  // Patient names to search for: Linde's patient is renamed to one with an accent.
  await ctx.database.ownerDb.execute(sql`update patients set first_name = 'Anaïs', last_name = 'Bakker' where client_id = ${linde.id} and id = ${linde.patientId}`);
  items.question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Hoe?' }, { createdAt: march(1) });
  items.roll = await insertSubmission(ctx, linde, 'ImmediateProduct', { patientId: linde.patientId }, { createdAt: march(2), status: 'Processing', assigneeId: staff.Klantenservice.id });
  items.report = await insertSubmission(ctx, baken, 'ImperfectionOosterwolde', { patientId: baken.patientId }, { createdAt: march(3), assigneeId: staff.Kwaliteit.id });
  items.archived = await insertSubmission(ctx, baken, 'NewProduct', { drugName: 'X' }, { createdAt: march(4), status: 'Archived' });
  items.order = await insertOrder(ctx, linde, { createdAt: march(5) });
  items.photo = await insertSubmission(ctx, baken, 'Photo', { patientId: 'geen-id' }, { createdAt: march(31) });
});
afterAll(async () => {
  await world?.ctx.close();
});

const refs = (...names: string[]) => names.map((name) => refOf(items[name]!));

describe('the inbox table', () => {
  it('shows New and Processing items of every customer, newest first, by default', async () => {
    const page = await inboxTable(world, world.staff.Beheerder, { rowsPerPage: null });
    expect(refsOf(page)).toEqual(refs('photo', 'order', 'report', 'roll', 'question'));
    expect(page.total).toBe(5);
  });

  it('answers each row with its kind, customer, submitter, patient, status and assignee', async () => {
    const { items: rows } = await inboxTable(world, world.staff.Beheerder);
    const roll = rows.find((row) => row.id === items.roll!.id && row.itemKind === 'Submission')!;
    expect(roll).toEqual({
      itemKind: 'Submission',
      id: items.roll!.id,
      kind: 'ImmediateProduct',
      customerId: world.linde.id,
      clientCode: world.linde.clientCode,
      clientName: 'Apotheek De Linde',
      submitterName: 'Indiener Apotheek De Linde',
      submitterEmail: world.linde.account.emailAddress,
      patientId: world.linde.patientId,
      patientName: 'Anaïs Bakker',
      receivedAt: march(2).toISOString(),
      status: 'Processing',
      statusChangedAt: null,
      assigneeId: world.staff.Klantenservice.id,
      assigneeName: 'Karim Klantenservice',
      // A roll request without its date: a day of service time, long past.
      dueAt: new Date(march(2).getTime() + 24 * 3_600_000).toISOString(),
      dueFrom: 'serviceTime',
      overdue: true,
    } satisfies InboxRow);
    const order = rows.find((row) => row.itemKind === 'ServiceOrder')!;
    expect(order).toMatchObject({ kind: 'ServiceOrder', submitterName: 'Besteller Apotheek De Linde', patientId: null, patientName: null });
    // A payload whose patient field holds no id names no patient.
    expect(rows.find((row) => row.kind === 'Photo')).toMatchObject({ patientId: null, patientName: null });
  });

  it('filters on status, kind, customer, assignee and period', async () => {
    const b = world.staff.Beheerder;
    expect(refsOf(await inboxTable(world, b, { statuses: ['Archived'] }))).toEqual(refs('archived'));
    expect((await inboxTable(world, b, { statuses: [] })).total).toBe(6);
    expect(refsOf(await inboxTable(world, b, { kinds: ['ServiceOrder', 'NonFaqQuestion'] }))).toEqual(refs('order', 'question'));
    expect(refsOf(await inboxTable(world, b, { customerId: world.baken.id, statuses: [] }))).toEqual(refs('photo', 'archived', 'report'));
    expect(refsOf(await inboxTable(world, b, { assignee: world.staff.Kwaliteit.id }))).toEqual(refs('report'));
    expect(refsOf(await inboxTable(world, b, { assignee: 'nobody' }))).toEqual(refs('photo', 'order', 'question'));
    expect(refsOf(await inboxTable(world, world.staff.Klantenservice, { assignee: 'me' }))).toEqual(refs('roll'));
    expect(refsOf(await inboxTable(world, b, { assignee: 'me' }))).toEqual([]);
    // Whole days in Amsterdam, both ends included.
    expect(refsOf(await inboxTable(world, b, { receivedFrom: '2026-03-02', receivedUntil: '2026-03-05' }))).toEqual(refs('order', 'report', 'roll'));
    expect(refsOf(await inboxTable(world, b, { receivedFrom: '2026-03-31' }))).toEqual(refs('photo'));
    expect(refsOf(await inboxTable(world, b, { receivedUntil: '2026-03-01' }))).toEqual(refs('question'));
    expectFieldErrors(
      await call(world.ctx, inbox.getTable, { token: b.token, body: { receivedFrom: '2026-03-05', receivedUntil: '2026-03-02' } }),
      'receivedUntil',
      ['De einddatum ligt voor de begindatum.'],
    );
  });

  it('searches customer, submitter, patient and reference, without regard to case or accents', async () => {
    const b = world.staff.Beheerder;
    expect(refsOf(await inboxTable(world, b, { search: 'HET baken' }))).toEqual(refs('photo', 'report'));
    expect(refsOf(await inboxTable(world, b, { search: world.linde.clientCode }))).toEqual(refs('order', 'roll', 'question'));
    expect(refsOf(await inboxTable(world, b, { search: 'besteller' }))).toEqual(refs('order'));
    expect(refsOf(await inboxTable(world, b, { search: 'anais bakk' }))).toEqual(refs('roll'));
    const byReference = refsOf(await inboxTable(world, b, { search: `#${items.report!.id}` }));
    expect(byReference).toContain(refOf(items.report!));
    // the whole reference of the receipt and the mails, as a customer quotes it on the phone
    const reference = `MEL-2026-${String(items.report!.id).padStart(6, '0')}`;
    for (const typed of [reference, reference.toLowerCase(), reference.replace(/-/g, ' ')]) {
      expect(refsOf(await inboxTable(world, b, { search: typed })), typed).toEqual([refOf(items.report!)]);
    }
    // a reference names a submission, never the service order of the same number
    const order = items.order!;
    const asReference = refsOf(await inboxTable(world, b, { search: `AAN-2026-${order.id}` }));
    expect(asReference).not.toContain(refOf(order));
    expect(refsOf(await inboxTable(world, b, { search: '%' }))).toEqual([]);
  });

  it('sorts on every column both ways, and pages', async () => {
    const b = world.staff.Beheerder;
    const byKind = (await inboxTable(world, b, { sortBy: 'kind' })).items.map((row) => inboxKindLabels[row.kind as InboxKind]);
    expect(byKind).toEqual([...byKind].sort((x, y) => x.localeCompare(y, 'nl')));
    const byStatus = (await inboxTable(world, b, { sortBy: 'status', descending: true, statuses: [] })).items.map((row) => row.status);
    expect(byStatus).toEqual([...byStatus].sort((x, y) => inboxStatus.options.indexOf(y as never) - inboxStatus.options.indexOf(x as never)));
    expect((await inboxTable(world, b, { sortBy: 'clientName' })).items[0]!.clientName).toBe('Apotheek De Linde');
    expect((await inboxTable(world, b, { sortBy: 'clientName', descending: true })).items[0]!.clientName).toBe('Zorggroep Het Baken');
    // Ascending as every table: the rows without a value first, then by last name.
    expect((await inboxTable(world, b, { sortBy: 'patientName' })).items.map((row) => row.patientName)).toEqual([null, null, null, 'Anaïs Bakker', 'Jan Jansen']);
    expect((await inboxTable(world, b, { sortBy: 'assigneeName', descending: true })).items[0]!.assigneeName).toBe('Kees Kwaliteit');
    for (const sortBy of ['receivedAt', 'id', 'submitterName']) {
      const up = refsOf(await inboxTable(world, b, { sortBy }));
      expect(refsOf(await inboxTable(world, b, { sortBy, descending: true })), sortBy).not.toEqual(up);
    }
    const first = await inboxTable(world, b, { rowsPerPage: 5, page: 1, statuses: [] });
    const second = await inboxTable(world, b, { rowsPerPage: 5, page: 2, statuses: [] });
    expect([...refsOf(first), ...refsOf(second)]).toEqual(refsOf(await inboxTable(world, b, { statuses: [] })));
    expect(second.items).toHaveLength(1);
    expectFieldErrors(await call(world.ctx, inbox.getTable, { token: b.token, body: { sortBy: 'payload' } }), 'sortBy', ['Ongeldige waarde']);
  });

  it("audits the patients each page shows, one row per customer", async () => {
    await inboxTable(world, world.staff.Klantenservice, { search: 'anais' });
    const row = (await auditOf(world.ctx, 'Backoffice.InboxList')).at(-1)!;
    expect(row).toMatchObject({ staff_id: world.staff.Klantenservice.id, client_id: world.linde.id, patient_ids: [world.linde.patientId] });
  });
});
