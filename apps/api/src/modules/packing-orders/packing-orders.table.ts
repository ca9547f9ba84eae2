import { sql } from 'drizzle-orm';
import { tableDefaults, type PackingOrderRow, type PackingOrderTableColumn } from '@portal/contract';
import { departmentRows, type TableDefinition } from '../../lib/tables.js';
import { reelStatuses, reelStatusesMatching, reelStatusText } from './reel-status.js';

/** The customer's packing orders (Inpakopdrachten), with the facility they were packed for. */
export const packingOrderTable: TableDefinition<PackingOrderTableColumn, PackingOrderRow> = {
  sortColumns: {
    facility: sql`f.name collate portal_sort`,
    patientCount: sql`po.patient_count`,
    bagCount: sql`po.bag_count`,
    // The order a packing order passes through its statuses, not the alphabet of their labels.
    reelStatusText: sql`array_position(${sql.param(reelStatuses)}::text[], po.reel_status)`,
    orderDate: sql`po.order_date`,
  },
  defaults: tableDefaults.packingOrders,
  ...departmentRows('packing_orders', 'po', ['patientCount', 'bagCount', 'reelStatusText', 'orderDate'], { searchesOwn: true, keptCount: 'packing_orders' }),
  search: (pattern, term) => {
    // Every condition names the orders' own columns, so that each can take an index of its own (a bitmap OR)
    // and the count needs no join: the departments whose name matches (the trigram index facilities_search;
    // row-level security keeps them the customer's own), the packing line's own wording of a status where it
    // sent one (a partial index of the few orders that have it), and the status labels turned into the stored
    // statuses they name, so that no label is computed per row (decision 0035).
    const own = sql`po.facility_id = any(array(select id from facilities where portal_fold(name) like ${pattern}))
      or (po.reel_status_text is not null and portal_fold(po.reel_status_text) like ${pattern})`;
    const statuses = reelStatusesMatching(term);
    return statuses.length ? sql`${own} or po.reel_status = any(${sql.param(statuses)}::text[])` : own;
  },
  select: sql`f.name as facility, po.patient_count, po.bag_count, po.reel_status, po.reel_status_text, to_char(po.order_date, 'YYYY-MM-DD') as order_date`,
  toRow: (r) => ({
    facility: String(r.facility),
    patientCount: Number(r.patient_count),
    bagCount: Number(r.bag_count),
    // The status as the packing line worded it (integration, issue 11), else the standard label.
    reelStatusText: typeof r.reel_status_text === 'string' ? r.reel_status_text : reelStatusText(String(r.reel_status)),
    orderDate: String(r.order_date),
  }),
};
