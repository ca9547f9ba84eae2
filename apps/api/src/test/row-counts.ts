import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

export interface KeptCount {
  client_id: string;
  table_name: string;
  /** the number in row_counts; null without a row there */
  kept: number | null;
  /** the customer's rows in the table */
  real: number;
}

/**
 * Every customer's kept number of packing orders and assortment items (decision 0036) beside the rows it really
 * has, for every customer that has either (read as the owner, past row-level security).
 */
export async function keptAndRealCounts(ownerDb: Db): Promise<KeptCount[]> {
  const result = await ownerDb.execute<KeptCount & Record<string, unknown>>(sql`
    with real as (
      select client_id, 'packing_orders' as table_name, count(*)::int as n from packing_orders group by client_id
      union all
      select client_id, 'assortment_items', count(*)::int from assortment_items group by client_id
    )
    select coalesce(k.client_id, r.client_id) as client_id, coalesce(k.table_name, r.table_name) as table_name,
           k.total::int as kept, coalesce(r.n, 0) as real
    from row_counts k full join real r on r.client_id = k.client_id and r.table_name = k.table_name`);
  return result.rows;
}

/** The customers and tables whose kept number is not their rows: none, when the triggers did their work. */
export async function miscountedRows(ownerDb: Db): Promise<KeptCount[]> {
  return (await keptAndRealCounts(ownerDb)).filter((r) => (r.kept ?? 0) !== r.real);
}
