import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, externalKeyColumns, ts } from './columns.js';

/** Content maintained by the provider (not customer-owned): memos, FAQ, texts, products, report catalogues. */

/** Announcements on the dashboard; shown while now is within their active period. */
export const memos = pgTable(
  'memos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    activeFrom: ts('active_from').notNull(),
    /** null: no end */
    activeUntil: ts('active_until'),
    /** the customers it is shown to; null: every customer (issue 12) */
    customerIds: uuid('client_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [index('memos_active').on(t.activeFrom, t.activeUntil)],
);

export const faqItems = pgTable('faq_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sortOrder: integer('sort_order').notNull(),
  title: text('title').notNull(),
  /** HTML as the provider wrote it; the web app sanitises it before showing it */
  contentHtml: text('content_html').notNull(),
  /** a draft (false) is not shown to customers */
  isPublished: boolean('is_published').notNull().default(true),
});

/** Texts the provider maintains, by key (e.g. 'contactDetails'). */
export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  body: text('body').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The provider's product catalogue; a customer sees the products of its assortment. */
export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  longName: text('long_name').notNull(),
  ziNumber: text('zi_number').notNull(),
  gpk: text('gpk').notNull(),
  hpk: text('hpk').notNull(),
  dtaDescription: text('dta_description').notNull(),
  splitDescription: text('split_description').notNull(),
  /** the provider's yes or no (issue 29.8); null: unsaid, the spec's rule on the description applies */
  canBeHalved: boolean('can_be_halved'),
  packaging: text('packaging').notNull(),
  ...externalKeyColumns(),
}, (t) => [uniqueIndex('products_external_key').on(t.externalKey)]);


/** The subjects of the Oosterwolde form (AddressLabel, Crate, Drugs, ...). */
export const imperfectionSubjects = pgTable('imperfection_subjects', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** The faults per subject of the Oosterwolde form, with the fields each one makes required. */
export const imperfectionFaults = pgTable(
  'imperfection_faults',
  {
    /** the spec's fault id (1..32) */
    id: integer('id').primaryKey(),
    subject: text('subject')
      .notNull()
      .references(() => imperfectionSubjects.name),
    name: text('name').notNull().unique(),
    label: text('label').notNull(),
    /** of 'patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber' */
    requiredFields: text('required_fields').array().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('imperfection_faults_subject').on(t.subject, t.sortOrder)],
);

/**
 * The choices of the Apeldoorn and Alkmaar forms' dropdowns: per form ('Apeldoorn' | 'Alkmaar'), per list
 * (e.g. 'feedbackMessage', 'complaintKinds'), per category for lists keyed by one ('' otherwise).
 */
export const dropdownOptions = pgTable(
  'dropdown_options',
  {
    form: text('form').notNull(),
    list: text('list').notNull(),
    category: text('category').notNull().default(''),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.form, t.list, t.category, t.value] })],
);
