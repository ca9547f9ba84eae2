import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackingOrderTableColumn, TableRequest } from '@portal/contract';
import { withTenant, type Tx } from '../../db/tenancy.js';
import { tableStatements } from '../../lib/tables.js';
import { createClient, createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { packingOrderTable } from './packing-orders.table.js';

/**
 * The plans of the packing-order table that decision 0032 chose, as PostgreSQL makes them for the app role under
 * row-level security, on enough rows (two customers of 6,000 orders) that an index beats reading the table.
 * A plan that goes back to reading every skipped row, or to joining the departments to count, fails here.
 */
let ctx: TestContext;
let own: TestClient;
const ORDERS = 6000;

beforeAll(async () => {
  ctx = await createTestContext();
  own = await createClient(ctx, 'Apotheek Plannen');
  const other = await createClient(ctx, 'Apotheek Anders');
  for (const client of [own, other]) {
    await ctx.database.ownerDb.execute(sql`
      insert into facilities (client_id, name) select ${client.id}, 'Afdeling ' || n from generate_series(1, 30) n`);
    await ctx.database.ownerDb.execute(sql`
      insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
      select ${client.id}, f.id, n % 40 + 1, n % 300 + 7, 'Delivered', date '2020-01-01' + (n % 2000)
      from generate_series(1, ${ORDERS}) n
      join lateral (select id from facilities where client_id = ${client.id} order by id offset n % 30 limit 1) f on true`);
  }
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

  it('a sort on the department or a search reads the join, as before (its plans are not the deferred one)', async () => {
    const bySort = statements({ sortBy: 'facility', page: 2 });
    const bySearch = statements({ search: 'afdeling 1' });
    for (const statement of [bySort.page, bySearch.page, bySearch.count]) {
      const found = await withTenant(ctx.database.db, own.id, (tx) => plan(tx, statement));
      expect(scansOf(found, 'facilities').length).toBeGreaterThan(0);
    }
  });
});
