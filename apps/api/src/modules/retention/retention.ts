import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { withConnection } from '../../db/connection.js';
import { writeAudit } from '../../lib/audit.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import type { JobLeases } from '../../lib/job-leases.js';
import {
  archivedItems,
  auditDue,
  countOf,
  dueCutoffs,
  emptyCounts,
  eventDue,
  mailDue,
  rowsOf,
  type OwnerDb,
  type RetentionCounts,
  type RetentionCutoffs,
  type RetentionPolicy,
  type RetentionReport,
} from './retention-due.js';

export {
  AUDIT_MINIMUM_YEARS,
  retentionPolicy,
  type RetentionCounts,
  type RetentionCutoffs,
  type RetentionPolicy,
  type RetentionReport,
} from './retention-due.js';

interface Log {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** One retention at a time across every API process on the database (pg_try_advisory_lock). */
const RETENTION_LOCK = 727_274_031;
const BATCH = 500;

/**
 * Removes what the portal no longer needs to keep (decision 0031): archived submissions with their uploads and
 * inbox history, archived service orders, audit rows beyond their retention, sent mails, ended sessions,
 * spent tokens and the provider's feed's old events. It runs as the owner, in short transactions of at most 500 rows each (rows claimed with SKIP
 * LOCKED, so a request or another job is never kept waiting), and only in one process at a time: a process that
 * does not get the advisory lock leaves the run to the one that has it. The clock is injected for tests.
 */
export class Retention {
  private readonly clock: () => Date;
  private readonly batch: number;

  constructor(
    private readonly ownerPool: pg.Pool,
    private readonly policy: RetentionPolicy,
    options: { clock?: () => Date; batchSize?: number } = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.batch = options.batchSize ?? BATCH;
  }

  /** What a run now would remove, without removing or locking anything (the CLI's dry run). */
  async preview(): Promise<RetentionReport> {
    return withConnection(this.ownerPool, async (client) => {
      const db: OwnerDb = drizzle(client);
      const cutoffs = await dueCutoffs(db, this.clock(), this.policy);
      const counts = emptyCounts();
      const count = async (query: SQL) => Number(rowsOf<{ n: string }>(await db.execute(query))[0]?.n ?? 0);
      for (const item of archivedItems) {
        const due = sql`select client_id, id from ${item.table} where status = 'Archived' and status_changed_at < ${cutoffs[item.cutoff]}`;
        const removed = await count(sql`select count(*) as n from (${due}) d`);
        if (item.itemKind === 'Submission') {
          counts.submissions = removed;
          counts.uploads = await count(
            sql`select count(*) as n from uploaded_files u join (${due}) d on u.client_id = d.client_id and u.submission_id = d.id`,
          );
        } else {
          counts.serviceOrders = removed;
        }
        counts.inboxEvents += await count(sql`
          select count(*) as n from inbox_events e join (${due}) d on e.client_id = d.client_id and e.item_id = d.id
          where e.item_kind = ${item.itemKind}`);
      }
      counts.auditRows = await count(sql`select count(*) as n from audit_log where ${auditDue(cutoffs.audit)}`);
      counts.mails = await count(sql`select count(*) as n from mail_outbox where ${mailDue(cutoffs.mails)}`);
      counts.sessions = await count(sql`select count(*) as n from session_families where expires_at < ${cutoffs.sessions}`);
      counts.oneTimeTokens = await count(sql`select count(*) as n from one_time_tokens where expires_at < ${cutoffs.sessions}`);
      counts.staffSessions = await count(sql`select count(*) as n from staff_sessions where expires_at < ${cutoffs.sessions}`);
      counts.staffInvitations = await count(sql`select count(*) as n from staff_invitations where expires_at < ${cutoffs.sessions}`);
      counts.events = await count(sql`select count(*) as n from integration_events where ${eventDue(cutoffs.events)}`);
      return { cutoffs, counts };
    });
  }

  /**
   * Removes what is due and writes one audit row for the run. Answers null when another process holds the
   * retention's lock (it is running there).
   */
  async runOnce(): Promise<RetentionReport | null> {
    return withConnection(this.ownerPool, async (client, broke) => {
      const db: OwnerDb = drizzle(client);
      const locked = rowsOf<{ locked: boolean }>(await db.execute(sql`select pg_try_advisory_lock(${RETENTION_LOCK}) as locked`));
      if (!locked[0]?.locked) return null;
      try {
        const cutoffs = await dueCutoffs(db, this.clock(), this.policy);
        const counts = emptyCounts();
        try {
          await this.removeDue(db, cutoffs, counts);
        } catch (error) {
          await this.audit(db, 'Failure', { cutoffs, counts }).catch(() => undefined);
          throw error;
        }
        await this.audit(db, 'Success', { cutoffs, counts });
        return { cutoffs, counts };
      } finally {
        // A lock left on a pooled connection would stop every later run: if it cannot be let go, the connection
        // is closed instead, which ends the lock with the session.
        await db.execute(sql`select pg_advisory_unlock(${RETENTION_LOCK})`).catch((error: unknown) => broke(error as Error));
      }
    });
  }

  /** The daily run in the server (at start, then every `intervalMs`); it logs counts only. */
  periodic(options: { intervalMs: number; log: Log; leases?: JobLeases }): PeriodicJob {
    return new PeriodicJob(
      async () => {
        const report = await this.runOnce();
        if (report) options.log.info({ removed: report.counts }, 'retention: what was due has been removed');
      },
      {
        name: 'retention',
        intervalMs: options.intervalMs,
        onError: (error) => options.log.error({ err: error }, 'retention failed'),
        turns: options.leases ? { leases: options.leases } : undefined,
      },
    );
  }

  private async removeDue(db: OwnerDb, cutoffs: RetentionCutoffs, counts: RetentionCounts): Promise<void> {
    for (const item of archivedItems) await this.removeArchived(db, item, cutoffs[item.cutoff], counts);

    counts.auditRows = await this.inBatches(db, async (tx) => {
      // The table's trigger refuses every delete that does not say it is the retention (decision 0031).
      await tx.execute(sql`select set_config('app.audit_retention', 'on', true)`);
      return countOf(
        await tx.execute(sql`
          delete from audit_log where id in (
            select id from audit_log where ${auditDue(cutoffs.audit)} order by at limit ${this.batch})`),
      );
    });
    counts.mails = await this.inBatches(db, async (tx) =>
      countOf(
        await tx.execute(sql`
          delete from mail_outbox where id in (
            select id from mail_outbox where ${mailDue(cutoffs.mails)} limit ${this.batch} for update skip locked)`),
      ),
    );
    // A family's refresh tokens go with it (on delete cascade).
    counts.sessions = await this.removeExpired(db, 'session_families', 'client_id, id', cutoffs.sessions);
    counts.oneTimeTokens = await this.removeExpired(db, 'one_time_tokens', 'client_id, token_hash', cutoffs.sessions);
    counts.staffSessions = await this.removeExpired(db, 'staff_sessions', 'id', cutoffs.sessions);
    counts.staffInvitations = await this.removeExpired(db, 'staff_invitations', 'token_hash', cutoffs.sessions);
    // The oldest first: the feed keeps a contiguous tail, so a reader's cursor is either kept or answered 410.
    counts.events = await this.inBatches(db, async (tx) =>
      countOf(
        await tx.execute(sql`
          delete from integration_events where seq in (
            select seq from integration_events where ${eventDue(cutoffs.events)} order by position limit ${this.batch} for update skip locked)`),
      ),
    );
  }

  /**
   * Archived items of one kind, archived before `cutoff`: their inbox history (notes, answers, status changes),
   * their uploads (submissions) or order lines (orders, by cascade), then the items. An item re-opened since its
   * archiving no longer has status Archived and is never touched; one whose status is being changed right now is
   * locked, so skipped until the next run.
   */
  private async removeArchived(
    db: OwnerDb,
    item: (typeof archivedItems)[number],
    cutoff: Date,
    counts: RetentionCounts,
  ): Promise<void> {
    await this.inBatches(db, async (tx) => {
      const due = rowsOf<{ client_id: string; id: number }>(
        await tx.execute(sql`
          select client_id, id from ${item.table}
          where status = 'Archived' and status_changed_at < ${cutoff}
          order by status_changed_at limit ${this.batch} for update skip locked`),
      );
      if (due.length === 0) return 0;
      const keys = sql`unnest(${sql.param(due.map((d) => d.client_id))}::uuid[], ${sql.param(due.map((d) => d.id))}::int[]) as d(client_id, id)`;
      counts.inboxEvents += countOf(
        await tx.execute(sql`
          delete from inbox_events e using ${keys}
          where e.client_id = d.client_id and e.item_kind = ${item.itemKind} and e.item_id = d.id`),
      );
      if (item.itemKind === 'Submission') {
        counts.uploads += countOf(
          await tx.execute(sql`delete from uploaded_files u using ${keys} where u.client_id = d.client_id and u.submission_id = d.id`),
        );
      }
      const removed = countOf(
        await tx.execute(sql`delete from ${item.table} s using ${keys} where s.client_id = d.client_id and s.id = d.id`),
      );
      if (item.itemKind === 'Submission') counts.submissions += removed;
      else counts.serviceOrders += removed;
      return due.length;
    });
  }

  /** Rows of a table whose lifetime ended before `cutoff` (sessions, tokens, invitations), by their key's columns. */
  private removeExpired(db: OwnerDb, table: string, keyColumns: string, cutoff: Date): Promise<number> {
    const name = sql.raw(table);
    const key = sql.raw(keyColumns);
    return this.inBatches(db, async (tx) =>
      countOf(
        await tx.execute(sql`
          delete from ${name} where (${key}) in (
            select ${key} from ${name} where expires_at < ${cutoff} limit ${this.batch} for update skip locked)`),
      ),
    );
  }

  /** Runs `batch` in transactions of its own until one handles fewer rows than a full batch; answers the sum. */
  private async inBatches(db: OwnerDb, batch: (tx: OwnerDb) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await db.transaction((tx) => batch(tx as unknown as OwnerDb));
      total += handled;
      if (handled < this.batch) return total;
    }
  }

  private async audit(db: OwnerDb, outcome: 'Success' | 'Failure', report: RetentionReport): Promise<void> {
    const details = { cutoffs: report.cutoffs, removed: report.counts, policy: this.policy };
    await writeAudit(db, { action: 'Retention', outcome, objectType: 'Retention', details });
  }
}
