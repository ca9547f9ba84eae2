import type pg from 'pg';
import { invoicePrices, invoiceTotalsSql } from './operations.js';
import type { LargeScale } from './large-scale.js';

/** The statements of a large load: a query, and one that answers the count of rows it wrote. */
export interface LargeSql {
  q: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  count: (text: string, values?: unknown[]) => Promise<number | null>;
}

/**
 * Packing orders: per department, alternately its weekly order for all patients and a small extra order, about
 * two a week on working days (a weekend date moves to Friday), going back from next week; stored in date order,
 * as they would have arrived.
 */
export function loadPackingOrders({ count }: LargeSql, scale: LargeScale, today: string) {
  return count(
    `insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
     select client_id, facility_id, patient_count, bag_count,
       case when age < 0 then 'Received' when age = 0 then 'InProduction' when age = 1 then 'Packed'
         when age = 2 then 'Shipped' when extra and pg_temp.rnd(o, 43) < 0.04 then 'Cancelled' else 'Delivered' end,
       order_date
     from (
       select f.client_id, f.facility_id, f.k, o, extra, order_date, patient_count,
         -- working days since the order date, as the demo counts them (only recent orders need the count)
         case when order_date > $4::date then -1 when $4::date - order_date > 7 then 99
           else (select count(*)::int from generate_series(order_date + 1, $4::date, interval '1 day') d where extract(isodow from d) < 6)
         end as age,
         case when extra then patient_count * (2 + floor(pg_temp.rnd(o, 41) * 6)::int) * (1 + floor(pg_temp.rnd(o, 42) * 4)::int)
           else round(patient_count * 7 * (2.4 + pg_temp.rnd(o, 41) * 1.4))::int end as bag_count
       from large_facilities f
       cross join generate_series(0, $3::int - 1) i
       cross join lateral (
         select i::bigint * $2::int + f.k as o, i % 2 = 1 as extra, d - greatest(extract(isodow from d)::int - 5, 0) as order_date
         from (select $4::date + 3 - (i * 7) / 2 - f.k % 3 as d) day
       ) ord
       cross join lateral (
         select case when ord.extra then 1 + floor(pg_temp.rnd(ord.o, 40) * 3)::int
           else greatest(1, f.patients - 2 + floor(pg_temp.rnd(ord.o, 40) * 4)::int) end as patient_count
       ) pc
       where ord.o <= $1::bigint
     ) orders
     order by order_date, k`,
    [scale.packingOrders, scale.facilities, Math.ceil(scale.packingOrders / scale.facilities), today],
  );
}

/** Invoices of the last months with their lines, for every customer. */
export async function loadInvoices({ q, count }: LargeSql, scale: LargeScale, today: string) {
  const base = Number((await q('select coalesce(max(id), 0) as m from invoices')).rows[0].m);
  const months = Math.ceil(scale.invoices / scale.customers);
  await q(
    `create temp table large_invoices on commit drop as
     select c.id as client_id, $3::int + (c.n - 1) * $2::int + m as invoice_id, c.n, m,
       (date_trunc('month', $4::date) - m * interval '1 month')::date as processed_month,
       t.patients, t.facilities
     from large_clients c
     join (select client_n, sum(patients)::int as patients, count(*)::int as facilities from large_facilities group by client_n) t
       on t.client_n = c.n
     cross join generate_series(1, $2::int) m
     where (c.n - 1) * $2::int + m <= $1::int`,
    [scale.invoices, months, base, today],
  );
  const p = invoicePrices;
  // Customer-wide lines: the rolls per patient and week, bags, deliveries, the service fee, now and then an
  // urgent delivery; prices indexed 2.9% a year, like the demo's.
  await q(
    `create temp table large_invoice_lines on commit drop as
     select i.client_id, i.invoice_id, l.line_no, null::text as facility_name, l.description, l.quantity,
       round(l.price / power(1.029, extract(year from $1::date) - extract(year from i.processed_month)), 4)::numeric(12, 4) as unit_price,
       l.vat_rate::numeric(5, 2) as vat_rate
     from large_invoices i
     cross join lateral (values
       (1, $2, i.patients * (4 + (i.m % 3 = 0)::int), $3::numeric, $4::int),
       (2, $5, round(i.patients * 30 * (2.6 + pg_temp.rnd(i.invoice_id, 50)))::int, $6::numeric, $7::int),
       (3, $8, i.facilities * (4 + (i.m % 3 = 0)::int), $9::numeric, $10::int),
       (4, $11, 1, $12::numeric, $13::int),
       (5, $14, case when pg_temp.rnd(i.invoice_id, 51) < 0.25 then 1 + floor(pg_temp.rnd(i.invoice_id, 52) * 2)::int end, $15::numeric, $16::int)
     ) l(line_no, description, quantity, price, vat_rate)
     where l.quantity is not null`,
    [
      today,
      p.roll.description, p.roll.unitPrice, p.roll.vatRate,
      p.bags.description, p.bags.unitPrice, p.bags.vatRate,
      p.delivery.description, p.delivery.unitPrice, p.delivery.vatRate,
      p.service.description, p.service.unitPrice, p.service.vatRate,
      p.urgent.description, p.urgent.unitPrice, p.urgent.vatRate,
    ],
  );
  const rows = await count(
    `insert into invoices (client_id, id, processed_month, invoice_amount) overriding system value
     select i.client_id, i.invoice_id, i.processed_month, t.total
     from large_invoices i
     join (${invoiceTotalsSql('large_invoice_lines')}) t on t.invoice_id = i.invoice_id
     order by i.invoice_id`,
  );
  await q(
    `insert into invoice_lines (client_id, invoice_id, line_no, facility_name, description, quantity, unit_price, vat_rate)
     select client_id, invoice_id, line_no, facility_name, description, quantity, unit_price, vat_rate
     from large_invoice_lines order by invoice_id, line_no`,
  );
  return rows;
}
