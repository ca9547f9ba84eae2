import { sql } from 'drizzle-orm';
import { customerTableDefaults, type CustomerColumn, type CustomerRow } from '@portal/contract';
import type { ScopedTableDefinition } from '../../lib/tables.js';

/** Counts and last activity per customer (its accounts' latest login), beside the customer's own columns. */
const lastActivity = sql`(select max(a.last_login_at) from accounts a where a.client_id = c.id)`;

/** The provider's customers as the back-office lists them (issue 12). */
export const customerTable: ScopedTableDefinition<CustomerColumn, CustomerRow> = {
  sortColumns: {
    code: sql`c.client_code`,
    name: sql`c.name collate portal_sort`,
    kind: sql`c.kind`,
    lastActivity,
  },
  defaults: customerTableDefaults,
  tieBreaker: sql`c.id`,
  from: sql`clients c`,
  search: (pattern) => sql`portal_fold(c.client_code) like ${pattern} or portal_fold(c.name) like ${pattern}`,
  select: sql`c.id, c.client_code, c.name, c.kind, c.site, c.deactivated_at,
    (select count(*)::int from facilities f where f.client_id = c.id) as departments,
    (select count(*)::int from accounts a where a.client_id = c.id) as accounts,
    ${lastActivity} as last_activity`,
  toRow: (r) => ({
    id: String(r.id),
    code: String(r.client_code),
    name: String(r.name),
    kind: String(r.kind),
    site: (r.site as string | null) ?? null,
    departments: Number(r.departments),
    accounts: Number(r.accounts),
    lastActivity: r.last_activity ? new Date(r.last_activity as string).toISOString() : null,
    isActive: r.deactivated_at === null,
  }),
};
