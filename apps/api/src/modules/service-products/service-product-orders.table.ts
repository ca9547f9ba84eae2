import { sql } from 'drizzle-orm';
import {
  tableDefaults,
  type ServiceProductOrderListRow,
  type ServiceProductOrderTableColumn,
} from '@portal/contract';
import type { TableDefinition } from '../../lib/tables.js';
import { orderStatuses, orderStatusesMatching } from './order-status.js';

/** The largest id a 32-bit integer holds: a longer number in the search is no order number. */
const MAX_ID = 2_147_483_647;

/** The customer's service-product orders (Bestellingen). */
export const serviceProductOrderTable: TableDefinition<ServiceProductOrderTableColumn, ServiceProductOrderListRow> = {
  sortColumns: {
    serviceProductOrderId: sql`o.id`,
    requesterName: sql`o.requester_name collate portal_sort`,
    // The order a status passes through, not the alphabet of its label.
    status: sql`array_position(${sql.param(orderStatuses)}::text[], o.status)`,
  },
  defaults: tableDefaults.serviceProductOrders,
  tieBreaker: sql`o.id`,
  from: sql`service_product_orders o`,
  ownRows: (customerId) => sql`o.client_id = ${customerId}`,
  search: (pattern, term) => {
    const conditions = [sql`portal_fold(o.requester_name) like ${pattern}`];
    const statuses = orderStatusesMatching(term);
    if (statuses.length) conditions.push(sql`o.status = any(${sql.param(statuses)}::text[])`);
    const number = /^#?(\d{1,10})$/.exec(term)?.[1];
    if (number && Number(number) <= MAX_ID) conditions.push(sql`o.id = ${Number(number)}`);
    return sql.join(conditions, sql` or `);
  },
  select: sql`o.id, o.requester_name, o.status, o.created_at`,
  toRow: (r) => ({
    serviceProductOrderId: Number(r.id),
    requesterName: String(r.requester_name),
    status: String(r.status),
    createDate: new Date(r.created_at as string | Date).toISOString(),
  }),
};
