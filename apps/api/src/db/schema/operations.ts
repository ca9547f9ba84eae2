import { bigint, date, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, customerKey, externalKeyColumns, sameCustomer, ts } from './columns.js';
import { products } from './content.js';
import { customers, departments } from './customers.js';

/** The provider's operations for a customer: assortment, delivery schedules, packing orders, invoices. */

export const assortmentItems = pgTable(
  'assortment_items',
  {
    customerId: uuid('client_id').notNull().references(() => customers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** A weekly delivery agreement of a facility: shipped on one weekday and time, arriving on another. */
export const deliverySchedules = pgTable(
  'delivery_schedules',
  {
    customerId: customerId(),
    id: integer('id').generatedAlwaysAsIdentity(),
    departmentId: integer('facility_id').notNull(),
    /** ISO weekday, 1 = Monday */
    arrivalDay: integer('arrival_day').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    shipmentDay: integer('shipment_day').notNull(),
    shipmentTime: text('shipment_time').notNull(),
  },
  (t) => [
    customerKey(t),
    sameCustomer(t, t.departmentId, departments),
  ],
);

/** A packing order: the rolls/bags packed for a facility's patients for one order date. */
export const packingOrders = pgTable(
  'packing_orders',
  {
    customerId: customerId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    departmentId: integer('facility_id').notNull(),
    patientCount: integer('patient_count').notNull(),
    bagCount: integer('bag_count').notNull(),
    /** 'Received' | 'InProduction' | 'Packed' | 'Shipped' | 'Delivered' | 'Cancelled' */
    reelStatus: text('reel_status').notNull(),
    /** the status as the packing line words it, shown instead of the standard label when present */
    reelStatusText: text('reel_status_text'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    ...externalKeyColumns(),
  },
  (t) => [
    customerKey(t),
    uniqueIndex('packing_orders_external_key').on(t.customerId, t.externalKey),
    sameCustomer(t, t.departmentId, departments),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    customerId: customerId(),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** the first day of the invoiced month */
    processedMonth: date('processed_month', { mode: 'string' }).notNull(),
    /** total including VAT, in euro */
    invoiceAmount: numeric('invoice_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** the number of the provider's invoicing; null: the invoice's key, else one made of the year and id */
    invoiceNumber: text('invoice_number'),
    /** null: the first day after the invoiced month */
    invoiceDate: date('invoice_date', { mode: 'string' }),
    /** null: the invoice date plus the provider's payment term */
    dueDate: date('due_date', { mode: 'string' }),
    /** 'Open' or 'Paid' when the provider's invoicing says so; null when unknown */
    paymentStatus: text('payment_status'),
    createdAt: createdAt(),
    ...externalKeyColumns(),
  },
  (t) => [
    customerKey(t),
    uniqueIndex('invoices_client_month').on(t.customerId, t.processedMonth),
    uniqueIndex('invoices_external_key').on(t.customerId, t.externalKey),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    customerId: customerId(),
    invoiceId: integer('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** facility the line is for; null for customer-wide lines */
    departmentName: text('facility_name'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** excluding VAT */
    unitPrice: numeric('unit_price', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    /** percent, e.g. 9 or 21 */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.invoiceId, t.lineNo] }),
    sameCustomer(t, t.invoiceId, invoices).onDelete('cascade'),
  ],
);

/**
 * The portal's rendering of an invoice's file, kept once made (decision 0034): a processed invoice does not
 * change, so it is rendered at its first download and served from here after. `source_hash` is the SHA-256 of
 * the invoice's row, its customer's name and address and its lines as they were when it was rendered;
 * `render_key` that of the supplier's details and the layout. A download serves the row only while both still
 * match; any change of the data or the supplier makes it stale, and its next download renders it again.
 */
export const invoiceFileCache = pgTable(
  'invoice_file_cache',
  {
    customerId: customerId(),
    invoiceId: integer('invoice_id').notNull(),
    /** the spec's FileType: 'Pdf', 'PdfDetails', 'Excel' or 'ExcelDetails' */
    fileType: text('file_type').notNull(),
    sourceHash: bytea('source_hash').notNull(),
    renderKey: bytea('render_key').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    /** hex SHA-256 of `content`: the download's ETag */
    sha256: text('sha256').notNull(),
    renderedAt: ts('rendered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.invoiceId, t.fileType] }),
    sameCustomer(t, t.invoiceId, invoices).onDelete('cascade'),
  ],
);

/**
 * How many rows a customer has in a table that grows without bound (packing orders, assortment items), kept
 * exact by statement triggers on that table (migration 0028, decision 0036): a table page without a search
 * reads its total here instead of counting the customer's rows. Only the triggers write it (a function of the
 * owner); the app role reads its own customer's rows under row-level security.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    customerId: uuid('client_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** the counted table's name, e.g. 'packing_orders' */
    tableName: text('table_name').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.tableName] })],
);
