import type { Database } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { genericCount, makeCatalogue } from './catalogue.js';
import { departmentWords, firstNames, houseNames, lastNames, places } from './names.js';
import { loadInvoices, loadPackingOrders } from './large-operations.js';
import { calendarDay, isoDay } from './random.js';
import { largeScale, type LargeScale } from './large-scale.js';
import { DEMO_PASSWORD } from './seed.js';

export { largeScale, type LargeScale } from './large-scale.js';

export interface LargeStep {
  step: string;
  ms: number;
  rows: number;
}

/** The first customer's share of all departments (and so of patients and packing orders): the largest one. */
const FIRST_CUSTOMER_SHARE = 0.01;

/**
 * Adds `scale` of generated customers to a database (the demo may already be in it), set-based: every table
 * is filled by `INSERT … SELECT` over `generate_series` (the catalogue, made by `makeCatalogue`, over `unnest`
 * in chunks), in one transaction, then vacuumed and analysed.
 * Customer n has the code KL-000n and one Administrator, beheer-000n@large.example, with the demo password.
 * Customer 1 is the largest (about 1% of all departments, the largest assortment), for benchmarks.
 * Random choices come from hashes of the row numbers, so the data is the same on every run for the same day
 * (except the customers' random ids).
 */
export async function seedLarge(
  database: Database,
  scaleOverrides: Partial<LargeScale> = {},
  options: { today?: Date; onStep?: (step: LargeStep) => void } = {},
): Promise<LargeStep[]> {
  const scale = { ...largeScale, ...scaleOverrides };
  if (scale.facilities < scale.customers) throw new Error('Every customer needs a department: facilities >= customers');
  const today = isoDay(calendarDay(options.today ?? new Date()));
  const width = Math.max(4, String(scale.customers).length);
  const steps: LargeStep[] = [];
  const client = await database.ownerPool.connect();
  const step = async (name: string, run: () => Promise<number | null | undefined>) => {
    const started = performance.now();
    const rows = (await run()) ?? 0;
    const done = { step: name, ms: Math.round(performance.now() - started), rows };
    steps.push(done);
    options.onStep?.(done);
  };
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const count = async (text: string, values: unknown[] = []) => (await q(text, values)).rowCount;
  const sql = { q, count };

  try {
    await q('begin');
    await q(`set local work_mem = '256MB'`);
    // A bulk load as pg_restore does it: as superuser, without the per-row foreign-key triggers (the rows are
    // consistent by construction, and the test checks it); anyone else loads with the checks.
    const [{ rolsuper: superuser }] = (await q('select rolsuper from pg_roles where rolname = current_user')).rows;
    if (superuser) await q('set local session_replication_role = replica');
    // A deterministic pseudo-random number in [0, 1) per row number and purpose.
    await q(`create function pg_temp.rnd(bigint, int) returns float8 language sql immutable parallel safe
      as $$ select (hashint8extended($1, $2) & 2147483647)::float8 / 2147483648 $$`);

    await step('customers', async () => {
      await q(
        `create temp table large_clients on commit drop as
         select n, gen_random_uuid() as id,
           'KL-' || lpad(n::text, $2::int, '0') as client_code,
           case when n = 1 or n % 3 = 0 then 'CareInstitution' else 'Pharmacy' end as kind,
           case when n = 1 then $3::float8 else 0.25 + power(pg_temp.rnd(n, 1), 3) * 4 end as weight
         from generate_series(1, $1::int) n`,
        [scale.customers, width, (FIRST_CUSTOMER_SHARE / (1 - FIRST_CUSTOMER_SHARE)) * (scale.customers - 1) * 1.25],
      );
      return count(
        `insert into clients (id, client_code, name, kind)
         select id, client_code,
           case when kind = 'Pharmacy' then 'Apotheek ' else 'Zorggroep ' end
             || ($1::text[])[1 + floor(pg_temp.rnd(n, 2) * cardinality($1::text[]))::int] || ' '
             || ($2::text[])[1 + floor(pg_temp.rnd(n, 3) * cardinality($2::text[]))::int],
           kind
         from large_clients order by n`,
        [houseNames, places],
      );
    });

    await step('facilities', async () => {
      const base = Number((await q('select coalesce(max(id), 0) as m from facilities')).rows[0].m);
      // Customer n gets hi(n) - hi(n-1) >= 1 departments, in proportion to its weight.
      await q(
        `create temp table large_facilities on commit drop as
         with w as (
           select n, id, kind, sum(weight) over (order by n) as cum, sum(weight) over () as total from large_clients
         ), bounds as (
           select n, id, kind, case when n = $1::int then $2::int else n + floor(($2::int - $1::int) * cum / total)::int end as hi from w
         ), ranges as (
           select n, id, kind, coalesce(lag(hi) over (order by n), 0) as lo, hi from bounds
         )
         select k, r.n as client_n, r.id as client_id, r.kind, k - r.lo - 1 as pos, $3::int + k as facility_id, 0 as patients
         from ranges r cross join lateral generate_series(r.lo + 1, r.hi) k`,
        [scale.customers, scale.facilities, base],
      );
      await q('create unique index on large_facilities (k)');
      // Names are unique per customer: stepping 7 through a word list whose length is prime to 7.
      const words = departmentWords.length % 7 === 0 ? departmentWords.slice(1) : departmentWords;
      return count(
        `insert into facilities (client_id, id, name) overriding system value
         select client_id, facility_id,
           case when kind = 'CareInstitution' then 'Afdeling' else ($2::text[])[1 + pos % 4] end || ' '
             || ($1::text[])[1 + (pos * 7 + client_n) % cardinality($1::text[])]
             || case when pos >= cardinality($1::text[]) then ' ' || (pos / cardinality($1::text[]) + 1) else '' end
         from large_facilities order by k`,
        [words, ['Thuiszorg', 'Woonzorgcentrum', 'Verpleeghuis', 'Wijkteam']],
      );
    });

    await step('patients', async () => {
      const rows = await count(
        `insert into patients (client_id, facility_id, first_name, name_prefix, last_name, birth_date)
         select f.client_id, f.facility_id,
           ($3::text[])[1 + floor(pg_temp.rnd(p, 11) * cardinality($3::text[]))::int],
           ($4::text[])[1 + floor(pg_temp.rnd(p, 12) * cardinality($5::text[]))::int],
           ($5::text[])[1 + floor(pg_temp.rnd(p, 12) * cardinality($5::text[]))::int],
           date '1926-01-01' + floor(pg_temp.rnd(p, 13) * 26000)::int
         from generate_series(1, $1::int) p
         join large_facilities f on f.k = 1 + floor(pg_temp.rnd(p, 10) * $2::int)::int`,
        [scale.patients, scale.facilities, firstNames, lastNames.map(([prefix]) => prefix), lastNames.map(([, name]) => name)],
      );
      await q(
        `update large_facilities f set patients = c.n
         from (select facility_id, count(*)::int as n from patients where facility_id in (select facility_id from large_facilities) group by facility_id) c
         where c.facility_id = f.facility_id`,
      );
      return rows;
    });

    await step('delivery schedules', () =>
      // Weekly on a working day, shipped the working day before; departments of 30+ patients twice a week.
      count(
        `insert into delivery_schedules (client_id, facility_id, arrival_day, arrival_time, shipment_day, shipment_time)
         select f.client_id, f.facility_id, d.day,
           to_char(time '07:00' + floor(pg_temp.rnd(f.k, 21) * 11) * interval '30 minutes', 'HH24:MI'),
           case when d.day = 1 then 5 else d.day - 1 end,
           to_char(time '15:00' + floor(pg_temp.rnd(f.k, 22) * 8) * interval '30 minutes', 'HH24:MI')
         from large_facilities f
         cross join lateral (select 1 + floor(pg_temp.rnd(f.k, 20) * 5)::int as first_day) a
         cross join lateral (values (a.first_day), (case when f.patients >= 30 then (a.first_day + 2) % 5 + 1 end)) d(day)
         where d.day is not null
         order by f.k, d.day`,
      ),
    );

    await step('products', async () => {
      const before = (await q('select count(*)::int as n, coalesce(max(id), 0) as m from products')).rows[0];
      const catalogue = makeCatalogue(scale.products, Number(before.n));
      let rows = 0;
      for (let i = 0; i < catalogue.length; i += 5_000) {
        const chunk = catalogue.slice(i, i + 5_000);
        rows += (await count(
          `insert into products (long_name, zi_number, gpk, hpk, dta_description, split_description, packaging)
           select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
          [
            chunk.map((p) => p.longName),
            chunk.map((p) => p.ziNumber),
            chunk.map((p) => p.gpk),
            chunk.map((p) => p.hpk),
            chunk.map((p) => p.dtaDescription),
            chunk.map((p) => p.splitDescription),
            chunk.map((p) => p.packaging),
          ],
        )) ?? 0;
      }
      await q(
        `create temp table large_products on commit drop as
         select row_number() over (order by id)::int as k, id from products where id > $1`,
        [Number(before.m)],
      );
      await q('create unique index on large_products (k)');
      return rows;
    });

    await step('assortments', () => {
      // Each customer walks the new catalogue from a random start with a stride prime to its size (so its
      // products are distinct) and to the number of generic products (so it gets all kinds of medicines).
      const n = scale.products;
      const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
      const strides = [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73].filter(
        (s) => s < n && gcd(s, n) === 1 && gcd(s, genericCount) === 1,
      );
      return count(
        `insert into assortment_items (client_id, product_id)
         select c.id as client_id, p.id as product_id
         from large_clients c
         cross join lateral (
           select least($1::int, case when c.n = 1 then $3::int else $2::int + floor(pg_temp.rnd(c.n, 30) * ($3::int - $2::int + 1))::int end) as size,
             floor(pg_temp.rnd(c.n, 31) * $1::int)::int as start,
             ($4::int[])[1 + floor(pg_temp.rnd(c.n, 32) * cardinality($4::int[]))::int] as stride
         ) s
         cross join lateral generate_series(0, s.size - 1) j
         join large_products p on p.k = 1 + (s.start + j * s.stride) % $1::int
         order by client_id, product_id`,
        [n, scale.assortment.min, scale.assortment.max, strides.length > 0 ? strides : [1]],
      );
    });

    await step('packing orders', () => loadPackingOrders(sql, scale, today));

    await step('invoices', () => loadInvoices(sql, scale, today));

    await step('accounts', async () => {
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      return count(
        `insert into accounts (client_id, email_address, first_name, middle_name, last_name, pharmacist_type, is_active, password_hash, password_changed_at)
         select id, 'beheer-' || lpad(n::text, $1::int, '0') || '@large.example',
           ($3::text[])[1 + floor(pg_temp.rnd(n, 60) * cardinality($3::text[]))::int],
           ($4::text[])[1 + floor(pg_temp.rnd(n, 61) * cardinality($5::text[]))::int],
           ($5::text[])[1 + floor(pg_temp.rnd(n, 61) * cardinality($5::text[]))::int],
           'Administrator', true, $2::text, now()
         from large_clients order by n`,
        [width, passwordHash, firstNames, lastNames.map(([prefix]) => prefix), lastNames.map(([, name]) => name)],
      );
    });

    // Loaded without triggers (as replica): the kept row counts (decision 0036) are counted anew, as a restore
    // brings them with the rows.
    if (superuser) {
      await step('row counts', async () => {
        await q(`select portal_recount_rows('packing_orders'), portal_recount_rows('assortment_items')`);
        return 0;
      });
    }

    // Ids given explicitly above: the identity sequences continue after them.
    await q(`select setval(pg_get_serial_sequence('facilities', 'id'), (select max(id) from facilities)),
                    setval(pg_get_serial_sequence('invoices', 'id'), (select max(id) from invoices))`);
    await step('commit', async () => {
      await q('commit');
      return 0;
    });
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await step('vacuum and analyze', async () => {
    await database.ownerPool.query(
      `vacuum (analyze) clients, facilities, patients, accounts, products, assortment_items, delivery_schedules,
         packing_orders, invoices, invoice_lines`,
    );
    return 0;
  });
  return steps;
}
