import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { staffAccounts } from './backoffice.js';

/**
 * A saved reply (issue 30.4): the subject and text of an answer a Beheerder keeps for kinds of inbox item, with
 * placeholders the answer form fills in. No customer data: the provider's own words.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** InboxKinds it is offered for; null: every kind */
    kinds: text('kinds').array(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('saved_replies_name').on(sql`lower(${t.name})`)],
);
