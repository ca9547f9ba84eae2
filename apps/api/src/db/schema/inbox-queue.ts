import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { staffAccounts } from './backoffice.js';

/**
 * The service time a Beheerder set for a kind of inbox item (issue 30.5), in hours from receipt. A kind without a
 * row has the contract's default (`defaultServiceHours`): the table holds only what was changed.
 */
export const inboxServiceTimes = pgTable('inbox_service_times', {
  /** an InboxKind */
  kind: text('kind').primaryKey(),
  hours: integer('hours').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
});

/**
 * A staff member's named view of the inbox: the address parameters of its filters, sort and search. Each staff
 * member sees only their own (a policy on app.staff_id, besides the code's own condition).
 */
export const inboxViews = pgTable(
  'inbox_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** URLSearchParams as text, without the '?' */
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inbox_views_staff_name').on(t.staffId, sql`lower(${t.name})`)],
);
