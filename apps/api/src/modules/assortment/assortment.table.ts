import { sql } from 'drizzle-orm';
import { servedSplitDescription, tableDefaults, type AssortmentRow, type AssortmentTableColumn } from '@portal/contract';
import type { TableDefinition } from '../../lib/tables.js';

/** The customer's assortment: the catalogue's products that are in the customer's assortment. */
export const drugTable: TableDefinition<AssortmentTableColumn, AssortmentRow> = {
  sortColumns: {
    longName: sql`p.long_name collate portal_sort`,
    ziNumber: sql`p.zi_number collate portal_sort`,
    gpk: sql`p.gpk collate portal_sort`,
    hpk: sql`p.hpk collate portal_sort`,
    dtaDescription: sql`p.dta_description collate portal_sort`,
    splitDescription: sql`p.split_description collate portal_sort`,
    packaging: sql`p.packaging collate portal_sort`,
  },
  defaults: tableDefaults.products,
  tieBreaker: sql`p.id`,
  from: sql`assortment_items a join products p on p.id = a.product_id`,
  ownRows: (customerId) => sql`a.client_id = ${customerId}`,
  // Every assortment item names a product of the catalogue (a foreign key): the count needs no join, and without
  // a search it is kept (decision 0036). Every sort is on a product's column, so pages are read from the join.
  ownTable: { from: sql`assortment_items a`, sortColumns: [], keptCount: 'assortment_items' },
  // The same expression as the trigram index products_search.
  search: (pattern) =>
    sql`portal_fold(p.long_name || ' ' || p.zi_number || ' ' || p.gpk || ' ' || p.hpk || ' ' || p.dta_description || ' ' || p.packaging) like ${pattern}`,
  select: sql`p.long_name, p.zi_number, p.gpk, p.hpk, p.dta_description, p.split_description, p.can_be_halved, p.packaging`,
  toRow: (r) => ({
    longName: String(r.long_name),
    ziNumber: String(r.zi_number),
    gpk: String(r.gpk),
    hpk: String(r.hpk),
    dtaDescription: String(r.dta_description),
    splitDescription: servedSplitDescription(String(r.split_description), (r.can_be_halved as boolean | null) ?? null),
    packaging: String(r.packaging),
  }),
};
