import { sql, type SQL } from 'drizzle-orm';
import { defaultServiceHours, inboxKinds, type Report, type StaffRole } from '@portal/contract';
import type { StaffTx } from '../backoffice/staff-tx.js';
import { inboxItems, personName, visibleTo } from '../inbox/inbox-items.js';
import { serviceTimeJoin } from '../inbox/inbox.table.js';

/**
 * The report's figures in SQL (issue 30.8). Days and weeks are the provider's (Europe/Amsterdam); an item belongs
 * to the period it arrived in, a staff member's act to the period it happened in. Kwaliteit's figures are narrowed
 * by `visibleTo`, as its inbox is. Nothing here reads a patient or a payload: the report holds counts and staff
 * names only.
 */

export interface ReportPeriod {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day, included */
  until: string;
  /** what "still open" is measured against */
  now: Date;
}

const periodStart = (p: ReportPeriod) => sql`(${p.from}::date)::timestamp at time zone 'Europe/Amsterdam'`;
const periodEnd = (p: ReportPeriod) => sql`(${p.until}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`;

/** The items that arrived in the period, as the role may see them. */
const itemsOf = (role: StaffRole, p: ReportPeriod) => sql`
  select i.item_kind, i.client_id, i.id, i.kind, i.status, i.created_at, i.status_changed_at
  from ${inboxItems} i
  where ${visibleTo(role)} and i.created_at >= ${periodStart(p)} and i.created_at < ${periodEnd(p)}`;

/**
 * The first act on each item that reached its customer: an answer, or the status taken away from New (the
 * customer sees both on Mijn aanvragen en meldingen), by a staff member or by the provider's system writing back.
 * Notes and assignments never reach the customer; a customer's own reply is no response.
 */
const firstActs = sql`
  select distinct on (e.client_id, e.item_kind, e.item_id) e.client_id, e.item_kind, e.item_id, e.at, e.staff_id
  from inbox_events e
  join items i on i.client_id = e.client_id and i.item_kind = e.item_kind and i.id = e.item_id
  where e.event = 'Answer' or (e.event = 'Status' and e.from_status = 'New')
  order by e.client_id, e.item_kind, e.item_id, e.at, e.id`;

/**
 * Seconds from receipt to first response, of the items `i` joined to their first act `f`. An act recorded before
 * its item's receipt (a history written out of order, as the demo's was) counts as an immediate response; an item
 * without one has none (null, which the percentiles leave out; `greatest` alone would make it 0).
 */
const responseSeconds = sql`(case when f.at is not null then greatest(extract(epoch from f.at - i.created_at), 0) end)`;

const withItems = (role: StaffRole, p: ReportPeriod, rest: SQL) => sql`
  with items as (${itemsOf(role, p)}), first_acts as (${firstActs})
  ${rest}`;

const kindOrder = sql`array_position(${sql.param([...inboxKinds])}::text[], i.kind)`;
const toSeconds = (value: unknown) => (value === null ? null : Math.round(Number(value)));

/** Items per kind per week, every week of the period listed (an empty one too). */
async function weeks(tx: StaffTx, role: StaffRole, p: ReportPeriod): Promise<Pick<Report, 'kinds' | 'weeks'>> {
  const result = await tx.execute<{ week_start: string; week: number; kind: string | null; count: number }>(
    withItems(
      role,
      p,
      sql`, week_starts as (
        select d::date as week_start from generate_series(date_trunc('week', ${p.from}::date::timestamp), ${p.until}::date::timestamp, interval '1 week') d
      ), counted as (
        select date_trunc('week', i.created_at at time zone 'Europe/Amsterdam')::date as week_start, i.kind, count(*)::int as count
        from items i group by 1, 2
      )
      select to_char(w.week_start, 'YYYY-MM-DD') as week_start, extract(week from w.week_start)::int as week, c.kind, coalesce(c.count, 0)::int as count
      from week_starts w left join counted c on c.week_start = w.week_start
      order by w.week_start`,
    ),
  );
  const byWeek = new Map<string, Report['weeks'][number]>();
  const seen = new Set<string>();
  for (const row of result.rows) {
    const week = byWeek.get(row.week_start) ?? { weekStart: row.week_start, week: Number(row.week), counts: {}, total: 0 };
    byWeek.set(row.week_start, week);
    if (row.kind === null) continue;
    week.counts[row.kind] = Number(row.count);
    week.total += Number(row.count);
    seen.add(row.kind);
  }
  return { kinds: inboxKinds.filter((kind) => seen.has(kind)), weeks: [...byWeek.values()] };
}

/** Median and 90th percentile of the first-response time per kind and over all kinds (linear interpolation, as a spreadsheet's MEDIAN and PERCENTILE.INC). */
async function firstResponse(tx: StaffTx, role: StaffRole, p: ReportPeriod): Promise<Report['firstResponse']> {
  const result = await tx.execute<{ kind: string | null; received: number; responded: number; median: number | null; p90: number | null }>(
    withItems(
      role,
      p,
      sql`select i.kind, count(*)::int as received, count(f.at)::int as responded,
        percentile_cont(0.5) within group (order by ${responseSeconds}) as median,
        percentile_cont(0.9) within group (order by ${responseSeconds}) as p90
      from items i left join first_acts f on f.client_id = i.client_id and f.item_kind = i.item_kind and f.item_id = i.id
      group by grouping sets ((i.kind), ())
      order by i.kind is null, ${kindOrder}`,
    ),
  );
  return result.rows.map((r) => ({
    kind: r.kind,
    received: Number(r.received),
    responded: Number(r.responded),
    medianSeconds: toSeconds(r.median),
    p90Seconds: toSeconds(r.p90),
  }));
}

/**
 * Per kind, the items that were open longer than their kind's service time (the Beheerder's, else the contract's
 * default, as the inbox reads it): an archived item until it was archived (its last status change), an open one
 * until now.
 */
async function serviceTime(tx: StaffTx, role: StaffRole, p: ReportPeriod): Promise<Report['serviceTime']> {
  const hours = sql`coalesce(svc.hours, (${JSON.stringify(defaultServiceHours)}::jsonb ->> i.kind)::int)`;
  const openUntil = sql`case when i.status = 'Archived' then coalesce(i.status_changed_at, ${p.now.toISOString()}::timestamptz) else ${p.now.toISOString()}::timestamptz end`;
  const overdue = sql`(${openUntil} - i.created_at) > make_interval(hours => ${hours})`;
  const result = await tx.execute<{ kind: string; service_hours: number | null; received: number; overdue: number; overdue_open: number }>(sql`
    with items as (${itemsOf(role, p)})
    select i.kind, min(${hours}) as service_hours, count(*)::int as received,
      count(*) filter (where ${overdue})::int as overdue,
      count(*) filter (where ${overdue} and i.status <> 'Archived')::int as overdue_open
    from items i ${serviceTimeJoin} group by i.kind order by ${kindOrder}`);
  return result.rows.map((r) => ({
    kind: r.kind,
    serviceHours: Number(r.service_hours ?? 0),
    received: Number(r.received),
    overdue: Number(r.overdue),
    overdueOpen: Number(r.overdue_open),
  }));
}

/**
 * Per staff member: the items they changed the status of, answered or noted in the period, those they answered,
 * and the first responses that were theirs on items of the period, with their median.
 */
async function staff(tx: StaffTx, role: StaffRole, p: ReportPeriod): Promise<Report['staff']> {
  const item = sql`(e.client_id::text || ':' || e.item_kind || ':' || e.item_id)`;
  const result = await tx.execute<{ staff_id: number; name: string; handled: number; answered: number; first_responses: number; median: number | null }>(
    withItems(
      role,
      p,
      sql`, acts as (
        select e.staff_id, count(distinct ${item})::int as handled, (count(distinct ${item}) filter (where e.event = 'Answer'))::int as answered
        from inbox_events e
        join ${inboxItems} i on i.client_id = e.client_id and i.item_kind = e.item_kind and i.id = e.item_id
        where ${visibleTo(role)} and e.staff_id is not null and e.event in ('Status', 'Answer', 'Note')
          and e.at >= ${periodStart(p)} and e.at < ${periodEnd(p)}
        group by e.staff_id
      ), responses as (
        select f.staff_id, count(*)::int as first_responses, percentile_cont(0.5) within group (order by ${responseSeconds}) as median
        from first_acts f join items i on f.client_id = i.client_id and f.item_kind = i.item_kind and f.item_id = i.id
        where f.staff_id is not null
        group by f.staff_id
      )
      select s.id as staff_id, ${personName('s')} as name, coalesce(a.handled, 0)::int as handled, coalesce(a.answered, 0)::int as answered,
        coalesce(r.first_responses, 0)::int as first_responses, r.median
      from acts a full join responses r on r.staff_id = a.staff_id
      join staff_accounts s on s.id = coalesce(a.staff_id, r.staff_id)
      order by ${personName('s')} collate portal_sort, s.id`,
    ),
  );
  return result.rows.map((r) => ({
    staffId: Number(r.staff_id),
    name: r.name,
    handled: Number(r.handled),
    answered: Number(r.answered),
    firstResponses: Number(r.first_responses),
    medianSeconds: toSeconds(r.median),
  }));
}

/** The whole report of a period as the role may see it. */
export async function reportFigures(tx: StaffTx, role: StaffRole, period: ReportPeriod): Promise<Report> {
  const arrived = await weeks(tx, role, period);
  return {
    from: period.from,
    until: period.until,
    ...arrived,
    firstResponse: await firstResponse(tx, role, period),
    serviceTime: await serviceTime(tx, role, period),
    staff: await staff(tx, role, period),
  };
}
