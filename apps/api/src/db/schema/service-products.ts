import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, customerKey, sameCustomer, ts } from './columns.js';
import { accounts } from './accounts.js';

/** Service products and the orders customers place for them. */

/** What customers can order besides medication packaging: labels, printer rolls, crates, dispensers, ... */
export const serviceProducts = pgTable('service_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  articleCode: text('article_code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** euro, excluding VAT; null when not known */
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
  /** 'image/png' | 'image/jpeg' | 'image/svg+xml' ...; null without image */
  imageMediaType: text('image_media_type'),
  image: bytea('image'),
  /** no longer orderable, but still named by old orders */
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const serviceProductOrders = pgTable(
  'service_product_orders',
  {
    customerId: customerId(),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** null once the account is removed; who ordered stays in requester_name/requester_email */
    accountId: integer('account_id'),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    /** an InboxStatus: 'New' | 'Processing' | 'Archived' */
    status: text('status').notNull().default('New'),
    /** the provider's staff member who handles it (issue 12); null: nobody yet */
    assigneeId: integer('assignee_id'),
    statusChangedAt: ts('status_changed_at'),
    /** sum of the rows' totals, euro excluding VAT, computed by the server */
    totalPrice: numeric('total_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    customerKey(t),
    sameCustomer(t, t.accountId, accounts).onDelete(
      'set null',
    ),
    index('service_product_orders_client_id_desc').on(t.customerId, t.id.desc()),
    index('service_product_orders_inbox').on(t.status, t.createdAt),
    /** the retention job's search: archived the longest ago first (decision 0031) */
    index('service_product_orders_archived').on(t.statusChangedAt).where(sql`${t.status} = 'Archived'`),
  ],
);

/** One line of an order, with the product's code, name and price as they were when ordered. */
export const serviceProductOrderRows = pgTable(
  'service_product_order_rows',
  {
    customerId: customerId(),
    orderId: integer('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    serviceProductId: integer('service_product_id')
      .notNull()
      .references(() => serviceProducts.id),
    articleCode: text('article_code').notNull(),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    /** euro excluding VAT at the moment of ordering; null when not known */
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    /** amount × price; null when the price is not known */
    rowTotalPrice: numeric('row_total_price', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.orderId, t.lineNo] }),
    foreignKey({
      columns: [t.customerId, t.orderId],
      foreignColumns: [serviceProductOrders.customerId, serviceProductOrders.id],
    }).onDelete('cascade'),
  ],
);
