import { sql } from 'drizzle-orm';
import { tableDefaults, type PackingOrderRow, type PackingOrderTableColumn } from '@portal/contract';
import { facilityRows, type TableDefinition } from '../../lib/tables.js';
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
  ...facilityRows('packing_orders', 'po', ['patientCount', 'bagCount', 'reelStatusText', 'orderDate']),
  search: (pattern, term) => {
    // The facility name as the trigram index facilities_search has it; the status label turned into the
    // stored statuses it names, so that no label is computed per row.
    // The packing line's own wording of a status, where it sent one, is searched as shown.
    const byFacility = sql`(portal_fold(f.name) like ${pattern} or portal_fold(po.reel_status_text) like ${pattern})`;
    const statuses = reelStatusesMatching(term);
    return statuses.length ? sql`${byFacility} or po.reel_status = any(${sql.param(statuses)}::text[])` : byFacility;
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
