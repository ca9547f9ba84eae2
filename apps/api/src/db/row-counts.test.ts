/**
 * Kept row counts (migration 0028, decision 0036): the number of a customer's packing orders and assortment items
 * that a table page without a search shows is kept by statement triggers, exact after every way of writing them,
 * and the app role reads only its own customer's numbers and writes none.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTable } from '../lib/tables.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { packingOrderTable } from '../modules/packing-orders/packing-orders.table.js';
import { createCustomer, createTestContext, type TestCustomer, type TestContext } from '../test/harness.js';
import { keptAndRealCounts, miscountedRows } from '../test/row-counts.js';
import { withTenant } from './tenancy.js';

let ctx: TestContext;
let own: TestCustomer;
let other: TestCustomer;

const owner = (query: ReturnType<typeof sql>) => ctx.database.ownerDb.execute(query);

async function expectExact() {
  expect(await miscountedRows(ctx.database.ownerDb)).toEqual([]);
}

const kept = async (client: TestCustomer, table: string) =>
  (await keptAndRealCounts(ctx.database.ownerDb)).find((r) => r.client_id === client.id && r.table_name === table)?.kept ?? null;

const addOrders = (client: TestCustomer, n: number, keyPrefix = 'K') =>
  owner(sql`
    insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date, external_key)
    select ${client.id}, ${client.departmentId}, 1, 7, 'Received', date '2026-11-01', ${keyPrefix} || '-' || n
    from generate_series(1, ${n}) n`);

beforeAll(async () => {
  ctx = await createTestContext();
  own = await createCustomer(ctx, 'Apotheek Tellen');
  other = await createCustomer(ctx, 'Apotheek Anders');
});
afterAll(async () => {
  await ctx?.close();
});

describe('the kept number of rows per customer', () => {
  it('follows inserts, upserts that update, deletes and rolled back statements, per customer', async () => {
    await addOrders(own, 30);
    await addOrders(other, 5);
    expect(await kept(own, 'packing_orders')).toBe(30);
    expect(await kept(other, 'packing_orders')).toBe(5);

    // An upsert as the importer writes: new keys count, updated ones do not.
    await owner(sql`
      insert into packing_orders as t (client_id, facility_id, patient_count, bag_count, reel_status, order_date, external_key)
      select ${own.id}, ${own.departmentId}, 2, 8, 'Packed', date '2026-11-02', 'K-' || n from generate_series(25, 40) n
      on conflict (client_id, external_key) do update set patient_count = excluded.patient_count`);
    expect(await kept(own, 'packing_orders')).toBe(40);

    await owner(sql`delete from packing_orders where client_id = ${own.id} and patient_count = 2 and external_key <= 'K-30'`);
    await expect(
      ctx.database.ownerDb.transaction(async (tx) => {
        await tx.execute(sql`delete from packing_orders where client_id = ${other.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact();
    expect(await kept(other, 'packing_orders')).toBe(5);

    // One statement for several customers (as the demo data writes).
    await owner(sql`
      insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
      select c.id, c.facility_id, 1, 7, 'Received', date '2026-11-03'
      from (values (${own.id}::uuid, ${own.departmentId}::int), (${other.id}::uuid, ${other.departmentId}::int)) c(id, facility_id), generate_series(1, 3)`);
    await expectExact();
  });

  it('keeps the assortment the same way, and a customer that never had a row counts none', async () => {
    const [product] = (await owner(sql`
      insert into products (long_name, zi_number, gpk, hpk, dta_description, split_description, packaging)
      values ('Paracetamol 500 mg', '12345678', '1', '2', 'wit', 'deelbaar', 'blister') returning id`)).rows as { id: number }[];
    await owner(sql`insert into assortment_items (client_id, product_id) values (${own.id}, ${product!.id})`);
    expect(await kept(own, 'assortment_items')).toBe(1);
    const empty = await createCustomer(ctx, 'Apotheek Leeg');
    const page = await withTenant(ctx.database.db, empty.id, (tx) => queryTable(tx, drugTable, empty.id, {}));
    expect(page).toEqual({ total: 0, items: [] });
    await owner(sql`delete from assortment_items where client_id = ${own.id}`);
    expect(await kept(own, 'assortment_items')).toBe(0);
  });

  it('stays exact when two transactions add orders of the same customer at once', async () => {
    const before = (await kept(own, 'packing_orders')) ?? 0;
    const first = await ctx.database.ownerPool.connect();
    const second = await ctx.database.ownerPool.connect();
    try {
      const insert = (prefix: string) => `
        insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date, external_key)
        select '${own.id}', ${own.departmentId}, 1, 7, 'Received', date '2026-11-04', '${prefix}-' || n from generate_series(1, 50) n`;
      await first.query('begin');
      await second.query('begin');
      await first.query(insert('P'));
      // The second waits for the first's count row, then adds to what the first committed.
      const waiting = second.query(insert('Q'));
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await kept(own, 'packing_orders')).toBe(before + 100);
    await expectExact();
  });

  it('forgets a truncated table, and refuses to move a row to another customer', async () => {
    await expect(
      ctx.database.ownerPool.query('update packing_orders set client_id = $1 where client_id = $2', [other.id, own.id]),
    ).rejects.toThrow(/cannot move to another customer/);
    await expectExact();
    await ctx.database.ownerPool.query('truncate packing_orders cascade');
    expect(await kept(own, 'packing_orders')).toBeNull();
    await addOrders(own, 3);
    expect(await kept(own, 'packing_orders')).toBe(3);
    await expectExact();
  });
});

describe('the table pages that read it', () => {
  it('show the kept total without a search and count the matches with one, both exact', async () => {
    await addOrders(other, 4, 'L');
    const real = async (client: TestCustomer) =>
      Number((await owner(sql`select count(*)::int as n from packing_orders where client_id = ${client.id}`)).rows[0]!.n);
    for (const client of [own, other]) {
      const page = await withTenant(ctx.database.db, client.id, (tx) => queryTable(tx, packingOrderTable, client.id, {}));
      expect(page.total).toBe(await real(client));
    }
    const searched = await withTenant(ctx.database.db, own.id, (tx) => queryTable(tx, packingOrderTable, own.id, { search: 'ontvangen' }));
    const received = await owner(sql`select count(*)::int as n from packing_orders where client_id = ${own.id} and reel_status = 'Received'`);
    expect(searched.total).toBe(Number(received.rows[0]!.n));
    const none = await withTenant(ctx.database.db, own.id, (tx) => queryTable(tx, packingOrderTable, own.id, { search: 'geleverd' }));
    expect(none.total).toBe(0);
  });

  it('the app role reads its own customer\'s numbers only, and cannot write them', async () => {
    const seen = await withTenant(ctx.database.db, own.id, (tx) =>
      tx.execute<{ client_id: string }>(sql`select client_id from row_counts`),
    );
    expect(new Set(seen.rows.map((r) => r.client_id))).toEqual(new Set([own.id]));
    const client = await ctx.database.appPool.connect();
    try {
      for (const statement of [
        'update row_counts set total = 0',
        'delete from row_counts',
        `insert into row_counts (client_id, table_name, total) values ('${own.id}', 'packing_orders', 1)`,
      ]) {
        await client.query('begin');
        await client.query(`select set_config('app.client_id', $1, true)`, [own.id]);
        await expect(client.query(statement)).rejects.toThrow(/permission denied/);
        await client.query('rollback');
      }
    } finally {
      client.release();
    }
  });
});
