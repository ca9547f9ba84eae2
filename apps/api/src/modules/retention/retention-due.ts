import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Config } from '../../config.js';
import { MAX_ATTEMPTS } from '../../lib/mail.js';

// What is due under the retention policy: the cutoffs a run works to, and which rows they make due. The dry run
// counts with these and the run removes with them (retention.ts), so that the two never disagree.

/** How long the portal keeps what is its own to remove (decision 0031); see config.ts for each setting. */
export interface RetentionPolicy {
  submissionsDays: number;
  serviceOrdersYears: number;
  auditYears: number;
  mailDays: number;
  sessionsDays: number;
  eventsDays: number;
}

export function retentionPolicy(
  config: Pick<
    Config,
    | 'RETENTION_SUBMISSIONS_DAYS'
    | 'RETENTION_SERVICE_ORDERS_YEARS'
    | 'RETENTION_AUDIT_YEARS'
    | 'RETENTION_MAIL_DAYS'
    | 'RETENTION_SESSIONS_DAYS'
    | 'RETENTION_EVENTS_DAYS'
  >,
): RetentionPolicy {
  return {
    submissionsDays: config.RETENTION_SUBMISSIONS_DAYS,
    serviceOrdersYears: config.RETENTION_SERVICE_ORDERS_YEARS,
    auditYears: config.RETENTION_AUDIT_YEARS,
    mailDays: config.RETENTION_MAIL_DAYS,
    sessionsDays: config.RETENTION_SESSIONS_DAYS,
    eventsDays: config.RETENTION_EVENTS_DAYS,
  };
}

/** NEN 7513's minimum; the database refuses to remove younger audit rows whatever the configuration says. */
export const AUDIT_MINIMUM_YEARS = 5;

/** What a run removed, or a dry run would remove: counts only, never what the rows held. */
export interface RetentionCounts {
  submissions: number;
  uploads: number;
  serviceOrders: number;
  inboxEvents: number;
  auditRows: number;
  mails: number;
  sessions: number;
  oneTimeTokens: number;
  staffSessions: number;
  staffInvitations: number;
  events: number;
}

/** Everything older than these instants is due. */
export interface RetentionCutoffs {
  submissions: Date;
  serviceOrders: Date;
  audit: Date;
  mails: Date;
  sessions: Date;
  events: Date;
}

export interface RetentionReport {
  cutoffs: RetentionCutoffs;
  counts: RetentionCounts;
}

export type OwnerDb = NodePgDatabase<Record<string, never>>;

/** The inbox items that are removed when archived long enough: their table and their kind in inbox_events. */
export const archivedItems = [
  { table: sql.raw('form_submissions'), itemKind: 'Submission', cutoff: 'submissions' },
  { table: sql.raw('service_product_orders'), itemKind: 'ServiceOrder', cutoff: 'serviceOrders' },
] as const;

export const emptyCounts = (): RetentionCounts => ({
  submissions: 0,
  uploads: 0,
  serviceOrders: 0,
  inboxEvents: 0,
  auditRows: 0,
  mails: 0,
  sessions: 0,
  oneTimeTokens: 0,
  staffSessions: 0,
  staffInvitations: 0,
  events: 0,
});

export const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
export const countOf = (result: { rowCount?: number | null }) => result.rowCount ?? 0;

/** The instants before which each kind of row is due, as of `moment` (computed by the database, in UTC). */
export async function dueCutoffs(db: OwnerDb, moment: Date, p: RetentionPolicy): Promise<RetentionCutoffs> {
  const now = moment.toISOString();
  // Calendar arithmetic in UTC, so that the server's time zone (a summer-time change) never moves a cutoff.
  const before = (interval: SQL) => sql`(${now}::timestamptz at time zone 'UTC' - ${interval}) at time zone 'UTC'`;
  const [row] = rowsOf<Record<keyof RetentionCutoffs, Date | string>>(
    await db.execute(sql`select
      ${before(sql`make_interval(days => ${p.submissionsDays})`)} as submissions,
      ${before(sql`make_interval(years => ${p.serviceOrdersYears})`)} as "serviceOrders",
      ${before(sql`make_interval(years => ${Math.max(p.auditYears, AUDIT_MINIMUM_YEARS)})`)} as audit,
      ${before(sql`make_interval(days => ${p.mailDays})`)} as mails,
      ${before(sql`make_interval(days => ${p.sessionsDays})`)} as sessions,
      ${before(sql`make_interval(days => ${p.eventsDays})`)} as events`),
  );
  const at = (value: Date | string | undefined) => new Date(value ?? Number.NaN);
  return {
    submissions: at(row?.submissions),
    serviceOrders: at(row?.serviceOrders),
    audit: at(row?.audit),
    mails: at(row?.mails),
    sessions: at(row?.sessions),
    events: at(row?.events),
  };
}

/** Due audit rows: older than the cutoff, and never younger than five years by the database's own clock. */
export function auditDue(cutoff: Date): SQL {
  return sql`at < ${cutoff} and at < now() - make_interval(years => ${AUDIT_MINIMUM_YEARS})`;
}

/** Mails sent before the cutoff, and mails given up (never sent) that were queued before it. */
export function mailDue(cutoff: Date): SQL {
  return sql`(sent_at < ${cutoff} or (sent_at is null and attempts >= ${MAX_ATTEMPTS} and created_at < ${cutoff}))`;
}

/** Events of the provider's feed older than the cutoff, once fed (a reader that far behind is told so: 410). */
export function eventDue(cutoff: Date): SQL {
  return sql`occurred_at < ${cutoff} and position is not null`;
}
