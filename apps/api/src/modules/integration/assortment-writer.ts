import { sql } from 'drizzle-orm';
import type { AssortmentImportRow } from '@portal/contract';
import type { StagedRow, WriteCounts } from './keyed-table.js';
import type { KindWriter } from './kind-writer.js';

const unknownProduct = 'Onbekend product: stuur het product eerst mee in de productcatalogus';

/**
 * A customer's assortment: the keys of the catalogue's products it may order. A row has nothing to update, so
 * a repeat is unchanged and a new one inserted; its key is the product's key.
 */
export const assortmentWriter: KindWriter = {
  keyOf: ((row: AssortmentImportRow) => row.product) as (row: never) => string,
  upsert: async (tx, customerId, staged) => {
    const rows = staged as StagedRow<AssortmentImportRow>[];
    const result = await tx.execute<{ line: number; key: string; product_id: number | null; inserted: boolean }>(sql`
      with i as (
        select * from unnest(${sql.param(rows.map((r) => r.line))}::int[], ${sql.param(rows.map((r) => r.key))}::text[]) as i(line, key)
      ),
      checked as (select i.*, p.id as product_id from i left join products p on p.external_key = i.key),
      written as (
        insert into assortment_items (client_id, product_id)
        select ${customerId}::uuid, product_id from checked where product_id is not null
        on conflict do nothing
        returning product_id
      )
      select c.line, c.key, c.product_id, (w.product_id is not null) as inserted
      from checked c left join written w on w.product_id = c.product_id`);
    const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0, stale: 0, rejected: [], written: new Map() };
    for (const r of result.rows) {
      if (r.product_id === null) counts.rejected.push({ line: r.line, key: r.key, code: 'unknown_reference', field: 'product', reason: unknownProduct });
      else if (r.inserted) {
        counts.inserted += 1;
        counts.written.set(r.key, r.product_id);
      } else counts.unchanged += 1;
    }
    return counts;
  },
  deleteKeys: async (tx, customerId, keys) => {
    const gone = await tx.execute<{ key: string }>(sql`
      delete from assortment_items a using products p
      where a.client_id = ${customerId} and a.product_id = p.id and p.external_key = any(${sql.param(keys.map((k) => k.key))}::text[])
      returning p.external_key as key`);
    const deleted = new Set(gone.rows.map((r) => r.key));
    return {
      deleted: deleted.size,
      rejected: keys
        .filter((k) => !deleted.has(k.key))
        .map((k) => ({ line: k.line, key: k.key, code: 'unknown_key' as const, field: 'key', reason: 'Dit product staat niet in het assortiment: niets verwijderd' })),
    };
  },
  deleteAbsent: async (tx, customerId) => {
    const gone = await tx.execute(sql`
      delete from assortment_items a where a.client_id = ${customerId} and not exists (
        select 1 from products p join import_seen s on s.key = p.external_key where p.id = a.product_id)`);
    return { deleted: gone.rowCount ?? 0, rejected: [] };
  },
  scopeCount: async (tx, customerId) =>
    Number((await tx.execute<{ n: number }>(sql`select count(*)::int as n from assortment_items where client_id = ${customerId}`)).rows[0]?.n ?? 0),
  reconcileSource: (customerId) => sql`
    select p.external_key as key, null::text as version, null::bytea as hash from assortment_items a join products p on p.id = a.product_id
    where a.client_id = ${customerId} and p.external_key is not null`,
};
