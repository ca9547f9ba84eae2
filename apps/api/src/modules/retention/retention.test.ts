import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  auditLog,
  formSubmissions,
  inboxEvents,
  mailOutbox,
  oneTimeTokens,
  serviceProductOrderRows,
  serviceProductOrders,
  serviceProducts,
  sessionFamilies,
  staffAccounts,
  staffSessions,
  uploadedFiles,
} from '../../db/schema.js';
import { createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { Retention, retentionPolicy, type RetentionPolicy } from './retention.js';
import { runRetentionCommand } from './retention-cli.js';

let ctx: TestContext;
/** The injected clock: every row below is dated relative to it. */
const NOW = new Date();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const yearsAgo = (years: number, plusDays = 0) => {
  const at = new Date(NOW);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return new Date(at.getTime() - plusDays * DAY);
};
const defaults: RetentionPolicy = retentionPolicy(loadConfig({}));
const retention = (options: { batchSize?: number } = {}) => new Retention(ctx.database.ownerPool, defaults, { clock: () => NOW, ...options });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const owner = () => ctx.database.ownerDb;

async function submission(client: TestCustomer, label: string, status: string, statusChangedAt: Date | null, createdAt = daysAgo(2000)) {
  const [row] = await owner()
    .insert(formSubmissions)
    .values({ customerId: client.id, kind: 'NonFaqQuestion', payload: { label }, status, statusChangedAt, createdAt })
    .returning({ id: formSubmissions.id });
  const id = row!.id;
  await owner()
    .insert(uploadedFiles)
    .values({
      customerId: client.id,
      purpose: 'Photo',
      fileName: `${label}.png`,
      fileExtension: '.png',
      mediaType: 'image/png',
      sizeBytes: 5,
      sha256: '0'.repeat(64),
      content: Buffer.from('hallo'),
      submissionId: id,
      createdAt,
    });
  await owner()
    .insert(inboxEvents)
    .values([
      { customerId: client.id, itemKind: 'Submission', itemId: id, event: 'Note', body: `notitie ${label}` },
      { customerId: client.id, itemKind: 'Submission', itemId: id, event: 'Status', fromStatus: 'New', toStatus: status },
    ]);
  return id;
}

let productId: number;
async function serviceOrder(client: TestCustomer, status: string, statusChangedAt: Date) {
  if (!productId) {
    const [product] = await owner()
      .insert(serviceProducts)
      .values({ articleCode: `RET-${randomBytes(4).toString('hex')}`, name: 'Etiketten', description: 'rol' })
      .returning({ id: serviceProducts.id });
    productId = product!.id;
  }
  const [order] = await owner()
    .insert(serviceProductOrders)
    .values({ customerId: client.id, requesterName: 'P. Pieters', requesterEmail: 'p@portal.test', status, statusChangedAt, totalPrice: 10 })
    .returning({ id: serviceProductOrders.id });
  await owner()
    .insert(serviceProductOrderRows)
    .values({ customerId: client.id, orderId: order!.id, lineNo: 1, serviceProductId: productId, articleCode: 'X', name: 'Etiketten', amount: 1 });
  await owner().insert(inboxEvents).values({ customerId: client.id, itemKind: 'ServiceOrder', itemId: order!.id, event: 'Note', body: 'bestelnotitie' });
  return order!.id;
}

async function audit(action: string, at: Date) {
  await owner().insert(auditLog).values({ action, outcome: 'Success', at });
}

const labelsOf = async (client: TestCustomer) =>
  (
    await ctx.database.ownerPool.query<{ label: string }>(
      `select payload->>'label' as label from form_submissions where client_id = $1 order by 1`,
      [client.id],
    )
  ).rows.map((r) => r.label);
const fileNamesOf = async (client: TestCustomer) =>
  (await ctx.database.ownerPool.query<{ file_name: string }>(`select file_name from uploaded_files where client_id = $1 order by 1`, [client.id])).rows.map(
    (r) => r.file_name,
  );
const count = async (query: string, params: unknown[] = []) => Number((await ctx.database.ownerPool.query<{ n: string }>(query, params)).rows[0]!.n);

describe('the retention removes exactly what is due', () => {
  let linde: TestCustomer;
  let baken: TestCustomer;
  let keptOrder: number;
  let goneOrder: number;

  beforeAll(async () => {
    linde = await createCustomer(ctx, 'Apotheek De Linde');
    baken = await createCustomer(ctx, 'Zorggroep Het Baken');
    await submission(linde, 'archived-731-days', 'Archived', daysAgo(731));
    await submission(linde, 'archived-729-days', 'Archived', daysAgo(729));
    // archived long ago, then re-opened (Archived → Processing): its status changed again when re-opened
    await submission(linde, 'reopened', 'Processing', daysAgo(30));
    await submission(linde, 'processing-old', 'Processing', daysAgo(1500));
    await submission(linde, 'new-old', 'New', null, daysAgo(1500));
    await submission(baken, 'other-archived-800-days', 'Archived', daysAgo(800));
    await submission(baken, 'other-archived-10-days', 'Archived', daysAgo(10));
    goneOrder = await serviceOrder(linde, 'Archived', yearsAgo(7, 1));
    keptOrder = await serviceOrder(baken, 'Archived', yearsAgo(7, -1));
    await audit('Retention.Test.Old', yearsAgo(5, 1));
    await audit('Retention.Test.Young', yearsAgo(5, -1));
    await audit('Retention.Test.Recent', daysAgo(1));

    const account = await createAccount(ctx, linde);
    await owner()
      .insert(sessionFamilies)
      .values([
        { customerId: linde.id, accountId: account.id, createdAt: daysAgo(32), expiresAt: daysAgo(31) },
        { customerId: linde.id, accountId: account.id, createdAt: daysAgo(29), expiresAt: daysAgo(29) },
      ]);
    await owner()
      .insert(oneTimeTokens)
      .values([
        { customerId: linde.id, tokenHash: randomBytes(32), purpose: 'PasswordReset', accountId: account.id, expiresAt: daysAgo(31), usedAt: daysAgo(31) },
        { customerId: linde.id, tokenHash: randomBytes(32), purpose: 'Activation', accountId: account.id, expiresAt: daysAgo(2) },
      ]);
    const [staff] = await owner()
      .insert(staffAccounts)
      .values({ emailAddress: `staff-${randomBytes(3).toString('hex')}@spits.test`, firstName: 'Sam', lastName: 'Smit', role: 'Beheerder' })
      .returning({ id: staffAccounts.id });
    await owner()
      .insert(staffSessions)
      .values([
        { staffId: staff!.id, stage: 'Full', refreshHash: randomBytes(32), expiresAt: daysAgo(40) },
        { staffId: staff!.id, stage: 'Full', refreshHash: randomBytes(32), expiresAt: daysAgo(1) },
      ]);
    await ctx.database.ownerPool.query(
      `insert into integration_events (type, client_id, subject, payload, position, occurred_at) values
         ('serviceOrder.created', $1, 'BST-1', '{}', 1, $2), ('serviceOrder.created', $1, 'BST-2', '{}', 2, $3)`,
      [linde.id, daysAgo(31), daysAgo(29)],
    );
    await owner()
      .insert(mailOutbox)
      .values([
        { toAddress: 'a@portal.test', subject: 'oud verzonden', textBody: 'patiënt', sentAt: daysAgo(31), createdAt: daysAgo(31) },
        { toAddress: 'a@portal.test', subject: 'recent verzonden', textBody: 'patiënt', sentAt: daysAgo(29), createdAt: daysAgo(29) },
        { toAddress: 'a@portal.test', subject: 'opgegeven', textBody: 'patiënt', attempts: 10, createdAt: daysAgo(31) },
        { toAddress: 'a@portal.test', subject: 'nog te versturen', textBody: 'patiënt', attempts: 3, createdAt: daysAgo(31) },
      ]);
  });

  it('a dry run counts what is due and removes nothing', async () => {
    const before = await labelsOf(linde);
    const { counts, cutoffs } = await retention().preview();
    expect(counts).toEqual({
      submissions: 2,
      uploads: 2,
      serviceOrders: 1,
      inboxEvents: 5,
      auditRows: 1,
      mails: 2,
      sessions: 1,
      oneTimeTokens: 1,
      staffSessions: 1,
      staffInvitations: 0,
      events: 1,
    });
    expect(cutoffs.submissions.getTime()).toBe(daysAgo(730).getTime());
    expect(await labelsOf(linde)).toEqual(before);
    expect(await count(`select count(*) as n from audit_log where action = 'Retention.Test.Old'`)).toBe(1);
  });

  it('the CLI prints the dry run and removes nothing', async () => {
    const text = await runRetentionCommand(ctx.database, loadConfig({}), false);
    expect(text).toMatch(/^Proefdraai: er is niets verwijderd/);
    expect(text).toMatch(/\s2 {2}gearchiveerde aanvragen en meldingen/);
    expect(text).toMatch(/--apply/);
    expect(await labelsOf(baken)).toEqual(['other-archived-10-days', 'other-archived-800-days']);
    expect(await count(`select count(*) as n from audit_log where action = 'Retention'`)).toBe(0);
  });

  it('a run removes exactly what is due, of every customer, and writes one audit row with the counts', async () => {
    const report = await retention().runOnce();
    expect(report?.counts).toMatchObject({ submissions: 2, uploads: 2, serviceOrders: 1, inboxEvents: 5, auditRows: 1, mails: 2, sessions: 1, events: 1 });
    expect(await count(`select count(*) as n from integration_events where subject = 'BST-2'`)).toBe(1);

    expect(await labelsOf(linde)).toEqual(['archived-729-days', 'new-old', 'processing-old', 'reopened']);
    expect(await fileNamesOf(linde)).toEqual(['archived-729-days.png', 'new-old.png', 'processing-old.png', 'reopened.png']);
    expect(await labelsOf(baken)).toEqual(['other-archived-10-days']);
    expect(await fileNamesOf(baken)).toEqual(['other-archived-10-days.png']);
    // the notes and status history of what went, went with it; the kept items keep theirs
    expect(await count(`select count(*) as n from inbox_events where item_kind = 'Submission' and client_id = $1`, [linde.id])).toBe(8);
    expect(await count(`select count(*) as n from inbox_events where item_kind = 'Submission' and client_id = $1`, [baken.id])).toBe(2);
    expect(await count(`select count(*) as n from inbox_events where item_kind = 'ServiceOrder' and item_id = $1`, [goneOrder])).toBe(0);
    expect(await count(`select count(*) as n from service_product_orders where id = $1`, [goneOrder])).toBe(0);
    expect(await count(`select count(*) as n from service_product_order_rows where order_id = $1`, [goneOrder])).toBe(0);
    expect(await count(`select count(*) as n from service_product_orders where id = $1`, [keptOrder])).toBe(1);

    const audits = (await ctx.database.ownerPool.query<{ action: string }>(`select action from audit_log where action like 'Retention.Test.%' order by 1`)).rows;
    expect(audits.map((r) => r.action)).toEqual(['Retention.Test.Recent', 'Retention.Test.Young']);
    const subjects = (await ctx.database.ownerPool.query<{ subject: string }>(`select subject from mail_outbox order by 1`)).rows.map((r) => r.subject);
    expect(subjects).toEqual(['nog te versturen', 'recent verzonden']);
    expect(await count(`select count(*) as n from session_families where client_id = $1`, [linde.id])).toBe(1);
    expect(await count(`select count(*) as n from one_time_tokens where client_id = $1`, [linde.id])).toBe(1);
    expect(await count(`select count(*) as n from staff_sessions`)).toBe(1);

    const [run] = (
      await ctx.database.ownerPool.query<{ outcome: string; client_id: string | null; details: { removed: Record<string, number> } }>(
        `select outcome, client_id, details from audit_log where action = 'Retention'`,
      )
    ).rows;
    expect(run).toMatchObject({ outcome: 'Success', client_id: null });
    expect(run!.details.removed).toMatchObject({ submissions: 2, uploads: 2, auditRows: 1 });

    const again = await retention().runOnce();
    expect(Object.values(again!.counts).every((n) => n === 0)).toBe(true);
  });
});

describe('how the retention runs', () => {
  it('works in batches until nothing is due', async () => {
    const client = await createCustomer(ctx, 'Apotheek Veel');
    for (let n = 0; n < 7; n += 1) await submission(client, `batch-${n}`, 'Archived', daysAgo(900 + n));
    const report = await retention({ batchSize: 3 }).runOnce();
    expect(report?.counts.submissions).toBe(7);
    expect(await labelsOf(client)).toEqual([]);
  });

  it('leaves the run to the process that holds the lock', async () => {
    const client = await createCustomer(ctx, 'Apotheek Gelijktijdig');
    await submission(client, 'due', 'Archived', daysAgo(800));
    const other = await ctx.database.ownerPool.connect();
    try {
      await other.query('select pg_advisory_lock(727274031)');
      expect(await retention().runOnce()).toBeNull();
      expect(await labelsOf(client)).toEqual(['due']);
      await other.query('select pg_advisory_unlock(727274031)');
    } finally {
      other.release();
    }
    const runs = await Promise.all([retention().runOnce(), retention().runOnce()]);
    expect(runs.reduce((sum, r) => sum + (r?.counts.submissions ?? 0), 0)).toBe(1);
    expect(await labelsOf(client)).toEqual([]);
  });

  it('skips an item whose status is being changed at that moment', async () => {
    const client = await createCustomer(ctx, 'Apotheek Heropend');
    const id = await submission(client, 'being-reopened', 'Archived', daysAgo(800));
    const staff = await ctx.database.ownerPool.connect();
    try {
      await staff.query('begin');
      await staff.query('select 1 from form_submissions where client_id = $1 and id = $2 for update', [client.id, id]);
      await retention().runOnce();
      await staff.query(`update form_submissions set status = 'Processing', status_changed_at = now() where client_id = $1 and id = $2`, [client.id, id]);
      await staff.query('commit');
    } finally {
      staff.release();
    }
    await retention().runOnce();
    expect(await labelsOf(client)).toEqual(['being-reopened']);
  });

  it('logs counts only, periodically, and stops cleanly', async () => {
    const client = await createCustomer(ctx, 'Apotheek Periodiek');
    await submission(client, 'periodic', 'Archived', daysAgo(800));
    const logged: unknown[] = [];
    const job = retention().periodic({ intervalMs: 60_000, log: { info: (o) => logged.push(o), error: (o) => logged.push(o) } });
    job.start();
    await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(1);
    await job.stop();
    expect(await labelsOf(client)).toEqual([]);
    const { removed } = logged[0] as { removed: Record<string, unknown> };
    expect(Object.values(removed).every((v) => typeof v === 'number')).toBe(true);
    expect(JSON.stringify(logged)).not.toMatch(/periodic|Periodiek/);
  });
});

describe('the audit trail stays append-only', () => {
  it('the owner removes audit rows only as the retention, and never one younger than five years', async () => {
    await audit('Retention.Guard.Old', yearsAgo(6));
    await audit('Retention.Guard.Young', yearsAgo(4));
    const db = ctx.database.ownerPool;
    const client = await db.connect();
    try {
      await client.query('begin');
      await expect(client.query(`delete from audit_log where action = 'Retention.Guard.Old'`)).rejects.toThrow(/append-only/);
      await client.query('rollback');
      await client.query('begin');
      await client.query(`select set_config('app.audit_retention', 'on', true)`);
      await expect(client.query(`delete from audit_log where action = 'Retention.Guard.Young'`)).rejects.toThrow(/less than five years/);
      await client.query('rollback');
      await client.query('begin');
      await client.query(`select set_config('app.audit_retention', 'on', true)`);
      await expect(client.query(`update audit_log set outcome = 'Failure' where action = 'Retention.Guard.Old'`)).rejects.toThrow(/append-only/);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await expect(ctx.database.appPool.query(`delete from audit_log where action = 'Retention.Guard.Old'`)).rejects.toThrow(/permission denied/);
    // even when the configuration asked for less, the job keeps five years (the database would refuse anyway)
    const eager = new Retention(ctx.database.ownerPool, { ...defaults, auditYears: 1 }, { clock: () => NOW });
    await eager.runOnce();
    expect(await count(`select count(*) as n from audit_log where action like 'Retention.Guard.%'`)).toBe(1);
  });
});

describe('configuration', () => {
  it('keeps submissions 730 days after archiving and the audit trail 5 years by default', () => {
    const config = loadConfig({});
    expect(retentionPolicy(config)).toEqual({ submissionsDays: 730, serviceOrdersYears: 7, auditYears: 5, mailDays: 30, sessionsDays: 30, eventsDays: 30 });
    expect(config.RETENTION_INTERVAL_MS).toBe(86_400_000);
    expect(loadConfig({ RETENTION_AUDIT_YEARS: '7', RETENTION_SUBMISSIONS_DAYS: '365' })).toMatchObject({
      RETENTION_AUDIT_YEARS: 7,
      RETENTION_SUBMISSIONS_DAYS: 365,
    });
  });

  it('refuses to start with an audit retention of less than 5 years, or a retention that is not a whole positive number', () => {
    expect(() => loadConfig({ RETENTION_AUDIT_YEARS: '4' })).toThrow(/RETENTION_AUDIT_YEARS: the audit trail must be kept at least 5 years \(NEN 7513\)/);
    expect(() => loadConfig({ RETENTION_SUBMISSIONS_DAYS: '0' })).toThrow(/RETENTION_SUBMISSIONS_DAYS/);
    expect(() => loadConfig({ RETENTION_SUBMISSIONS_DAYS: 'twee jaar' })).toThrow(/RETENTION_SUBMISSIONS_DAYS/);
    expect(() => loadConfig({ RETENTION_MAIL_DAYS: '1.5' })).toThrow(/RETENTION_MAIL_DAYS/);
  });
});
