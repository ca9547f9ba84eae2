import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackingOrderTableColumn, TableRequest } from '@portal/contract';
import { withTenant, type Tx } from '../../db/tenancy.js';
import { tableStatements } from '../../lib/tables.js';
import { createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { packingOrderTable } from './packing-orders.table.js';

/**
 * The plans of the packing-order table that decision 0032 chose, as PostgreSQL makes them for the app role under
 * row-level security, on enough rows (two customers of 6,000 orders) that an index beats reading the table.
 * A plan that goes back to reading every skipped row, or to joining the departments to count, fails here.
 */
let ctx: TestContext;
let own: TestCustomer;
const ORDERS = 6000;

beforeAll(async () => {
  ctx = await createTestContext();
  own = await createCustomer(ctx, 'Apotheek Plannen');
  const other = await createCustomer(ctx, 'Apotheek Anders');
  for (const client of [own, other]) {
    await ctx.database.ownerDb.execute(sql`
      insert into facilities (client_id, name) select ${client.id}, 'Afdeling ' || n from generate_series(1, 30) n`);
    await ctx.database.ownerDb.execute(sql`
      insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
      select ${client.id}, f.id, n % 40 + 1, n % 300 + 7, 'Delivered', date '2020-01-01' + (n % 2000)
      from generate_series(1, ${ORDERS}) n
      join lateral (select id from facilities where client_id = ${client.id} order by id offset n % 30 limit 1) f on true`);
  }
  // The packing line's own wording of a status, which few orders have (integration, issue 11).
  await ctx.database.ownerDb.execute(sql`update packing_orders set reel_status_text = 'Wacht op recept' where id % 150 = 0`);
  // As autovacuum would: statistics, and the visibility map that lets an index answer alone.
  await ctx.database.ownerPool.query('vacuum analyze facilities, packing_orders');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function plan(tx: Tx, statement: SQL): Promise<PlanNode[]> {
  const result = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (analyze, format json) ${statement}`);
  return nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
}

const statements = (request: TableRequest<PackingOrderTableColumn>) =>
  tableStatements(packingOrderTable, packingOrderTable.ownRows(own.id), request);

/** The scans of one table in a plan: [node type, index]. */
const scansOf = (plan: PlanNode[], relation: string) =>
  plan.filter((n) => n['Relation Name'] === relation).map((n) => [n['Node Type'], n['Index Name'] ?? null]);

describe('the plans of Inpakopdrachten (packing orders) for the app role', () => {
  it('reads a customer\'s total without a search from its kept count, without reading an order (decision 0036)', async () => {
    const { count } = tableStatements(packingOrderTable, packingOrderTable.ownRows(own.id), {}, own.id);
    const [counted, total] = await withTenant(ctx.database.db, own.id, async (tx) => [
      await plan(tx, count),
      (await tx.execute<{ total: number }>(count)).rows[0]!.total,
    ] as const);
    expect(total).toBe(ORDERS);
    expect(scansOf(counted, 'packing_orders')).toEqual([]);
    expect(scansOf(counted, 'row_counts')).toHaveLength(1);
  });

  it('counts from the orders\' own index, without joining the departments', async () => {
    const count = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, statements({}).count));
    expect(scansOf(count, 'facilities')).toEqual([]);
    expect(scansOf(count, 'packing_orders').map(([type]) => type)).toEqual(['Index Only Scan']);
  });

  it('finds the last page\'s keys on the date index alone, and reads and joins only its rows', async () => {
    const lastPage = { page: ORDERS / 20, rowsPerPage: 20 };
    const page = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, statements(lastPage).page));
    const orderScans = page.filter((n) => n['Relation Name'] === 'packing_orders');
    // The keys: the whole customer's index, and no row of the table.
    expect(orderScans.some((n) => n['Node Type'] === 'Index Only Scan' && n['Index Name'] === 'packing_orders_sort_order_date')).toBe(true);
    // The page's rows and their departments: 20 each, found by key.
    const rowsRead = orderScans.filter((n) => n['Node Type'] !== 'Index Only Scan');
    expect(rowsRead.map((n) => [n['Node Type'], n['Actual Rows']])).toEqual([['Index Scan', 1]]);
    expect(scansOf(page, 'facilities')).toEqual([['Index Scan', 'facilities_client_id_id_pk']]);
  });

  it('a sort on the department reads the join, as before (its plan is not the deferred one)', async () => {
    const found = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, statements({ sortBy: 'facility', page: 2 }).page));
    expect(scansOf(found, 'facilities').length).toBeGreaterThan(0);
  });

  it('a search finds its orders by index, a bitmap per condition, and counts them without joining the departments', async () => {
    // One department of 30 ("afdeling 7" is not in "Afdeling 17") and the orders whose status the line worded.
    const searched = statements({ search: 'Afdeling 7' });
    const count = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, searched.count));
    expect(count.filter((n) => /Join|Nested Loop/.test(n['Node Type']))).toEqual([]);
    expect(count.some((n) => n['Node Type'] === 'BitmapOr')).toBe(true);
    const bitmaps = count.filter((n) => n['Node Type'] === 'Bitmap Index Scan').map((n) => n['Index Name']);
    expect(bitmaps).toEqual(expect.arrayContaining(['packing_orders_client_facility', 'packing_orders_status_text']));
    // The departments' ids are looked up once for the statement (by the trigram index facilities_search or the
    // customer's own index, whichever is cheaper for their number), not joined to every order.
    expect(scansOf(count, 'facilities')).toHaveLength(1);

    const page = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, searched.page));
    // The page: its keys from the orders alone (by the bitmaps, or along the date index for an early page, as
    // PostgreSQL finds cheaper), then only its 20 rows joined to their departments.
    expect(page.filter((n) => n['Relation Name'] === 'packing_orders' && n['Index Name'] === 'packing_orders_client_id_id_pk')).toHaveLength(1);
    const joined = page.filter((n) => n['Relation Name'] === 'facilities' && n['Index Name'] === 'facilities_client_id_id_pk');
    expect(joined.map((n) => n['Node Type'])).toEqual(['Index Scan']);
  });

  it('sends the page and its total in one statement: the same page plan, and the count once beside it', async () => {
    for (const [request, customer] of [
      [{ page: ORDERS / 20, rowsPerPage: 20 }, own.id],
      [{ search: 'Afdeling 7' }, undefined],
    ] as const) {
      const shape = tableStatements(packingOrderTable, packingOrderTable.ownRows(own.id), request, customer);
      const [alone, together, total, rows] = await withTenant(ctx.database.db, own.id, async (tx) => [
        await plan(tx, shape.page),
        await plan(tx, shape.pageWithTotal),
        (await tx.execute<{ total: number }>(shape.count)).rows[0]!.total,
        (await tx.execute<{ table_total: number }>(shape.pageWithTotal)).rows,
      ] as const);
      // Every scan of the page alone is still there, and the count is an init plan, run once: not a sub-plan
      // correlated with the rows (which would run per row).
      const scans = (p: PlanNode[]) => p.filter((n) => n['Relation Name']).map((n) => `${n['Relation Name']} ${n['Index Name'] ?? n['Node Type']}`);
      expect(scans(together)).toEqual(expect.arrayContaining(scans(alone)));
      expect(together.filter((n) => n['Parent Relationship'] === 'InitPlan').length).toBeGreaterThan(alone.filter((n) => n['Parent Relationship'] === 'InitPlan').length);
      expect(together.filter((n) => n['Parent Relationship'] === 'SubPlan')).toEqual([]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.table_total === total)).toBe(true);
    }
  });

  it('a search finds exactly the orders of the matching departments and of the matching worded statuses', async () => {
    const rows = await withTenant(ctx.database.db, own.id, async (tx) => {
      const { count, page } = tableStatements(packingOrderTable, packingOrderTable.ownRows(own.id), { search: 'afdeling 7', rowsPerPage: 1000 });
      return { total: (await tx.execute<{ total: number }>(count)).rows[0]!.total, rows: (await tx.execute(page)).rows };
    });
    const expected = await ctx.database.ownerDb.execute<{ n: number }>(sql`
      select count(*)::int as n from packing_orders po join facilities f on f.client_id = po.client_id and f.id = po.facility_id
      where po.client_id = ${own.id} and f.name = 'Afdeling 7'`);
    expect(rows.total).toBe(expected.rows[0]!.n);
    expect(rows.rows.length).toBe(rows.total);
    expect(new Set(rows.rows.map((r) => r.facility))).toEqual(new Set(['Afdeling 7']));
    const worded = await withTenant(ctx.database.db, own.id, (tx) =>
      tx.execute<{ total: number }>(tableStatements(packingOrderTable, packingOrderTable.ownRows(own.id), { search: 'recept' }).count));
    const wordedExpected = await ctx.database.ownerDb.execute<{ n: number }>(sql`
      select count(*)::int as n from packing_orders where client_id = ${own.id} and reel_status_text is not null`);
    expect(wordedExpected.rows[0]!.n).toBeGreaterThan(0);
    expect(worded.rows[0]!.total).toBe(wordedExpected.rows[0]!.n);
  });
});
