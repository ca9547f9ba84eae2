import { sql } from 'drizzle-orm';
import { amsterdamDate, dashboardFormKinds, dashboardLimits, type DashboardSummary, type NextDelivery } from '@portal/contract';
import type { TenantReading } from '../../lib/unit-of-work.js';
import { queryTable } from '../../lib/tables.js';
import { invoiceTable } from '../invoices/invoices.table.js';
import { packingOrderTable } from '../packing-orders/packing-orders.table.js';

type Work = TenantReading;

const amsterdamClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The dashboard's overview of the own customer (issue 13): a few small indexed queries, each read-only for the
 * customer (`readAsTenant`). They are asked at once: the request's one connection pipelines them, so they cost
 * about one round trip together (decision 0037). `now` decides which delivery is next: a delivery today counts
 * until its time has come.
 */
export async function dashboardSummary(work: Work, now: Date): Promise<DashboardSummary> {
  const [nextDeliveries, inProduction, latestInvoice, frequentForms] = await Promise.all([
    nextDeliveriesOf(work, now),
    inProductionOf(work),
    latestInvoiceOf(work),
    frequentFormsOf(work, now),
  ]);
  return { nextDeliveries, inProduction, latestInvoice, frequentForms };
}

/**
 * Per department the soonest day of its weekly arrival agreements, counted from today in Amsterdam: an
 * arrival today whose time has passed is next week's. Times are stored as written ('8:00', '08:00:00').
 */
async function nextDeliveriesOf({ tx, claims }: Work, now: Date): Promise<DashboardSummary['nextDeliveries']> {
  const today = amsterdamDate(now);
  const clock = amsterdamClock.format(now);
  const result = await tx.execute<{ facility: string; date: string; time: string; total: number }>(sql`
    with next as (
      select distinct on (ds.facility_id) ds.facility_id, f.name as facility, d.next_date, d.arrival
      from delivery_schedules ds
      join facilities f on f.client_id = ds.client_id and f.id = ds.facility_id
      cross join lateral (
        select ds.arrival_time::time as arrival,
               (ds.arrival_day - extract(isodow from ${today}::date)::int + 7) % 7 as days_ahead
      ) a
      cross join lateral (
        select ${today}::date + a.days_ahead + case when a.days_ahead = 0 and a.arrival <= ${clock}::time then 7 else 0 end as next_date,
               a.arrival
      ) d
      where ds.client_id = ${claims.customerId}
      order by ds.facility_id, d.next_date, d.arrival
    )
    select facility, to_char(next_date, 'YYYY-MM-DD') as date, to_char(arrival, 'HH24:MI') as time, count(*) over ()::int as total
    from next
    order by next_date, arrival, facility collate portal_sort
    limit ${dashboardLimits.deliveries}`);
  const items: NextDelivery[] = result.rows.map((r) => ({ facility: r.facility, date: r.date, time: r.time }));
  return { total: Number(result.rows[0]?.total ?? 0), items };
}

/** The packing orders in production, the longest waiting first, and how many there are. */
async function inProductionOf({ tx, claims }: Work): Promise<DashboardSummary['inProduction']> {
  const table = packingOrderTable;
  const where = sql`${table.ownRows(claims.customerId)} and po.reel_status = 'InProduction'`;
  const [rows, count] = await Promise.all([
    tx.execute(sql`select ${table.select} from ${table.from} where ${where} order by po.order_date, po.id limit ${dashboardLimits.inProduction}`),
    tx.execute<{ total: number }>(sql`select count(*)::int as total from packing_orders po where ${where}`),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), items: rows.rows.map((r) => table.toRow(r)) };
}

/** The newest invoice: the invoice table's first row in its own order of months. */
async function latestInvoiceOf({ tx, claims }: Work): Promise<DashboardSummary['latestInvoice']> {
  const page = await queryTable(tx, invoiceTable, claims.customerId, { sortBy: 'processedMonth', descending: true, page: 1, rowsPerPage: 10 });
  return page.items[0] ?? null;
}

/**
 * The form kinds sent in the last year, those of this account first, then those of its colleagues, each by
 * how often; the kinds of questions and service orders are not forms of the menu.
 */
async function frequentFormsOf({ tx, claims }: Work, now: Date): Promise<string[]> {
  const result = await tx.execute<{ kind: string }>(sql`
    select kind
    from form_submissions
    where client_id = ${claims.customerId}
      and created_at >= ${now.toISOString()}::timestamptz - interval '1 year'
      and kind = any(${sql.param([...dashboardFormKinds])}::text[])
    group by kind
    order by count(*) filter (where account_id = ${claims.accountId}) desc, count(*) desc, kind
    limit ${dashboardLimits.forms}`);
  return result.rows.map((r) => r.kind);
}
