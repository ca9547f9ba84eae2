import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every customer-owned table carries `client_id` and has it in its primary key, and other customer-owned
 * tables refer to it through composite keys, so the schema can later be distributed by customer. Row-level
 * security on all of them is set up in the hand-written migration `0001_tenancy.sql`.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientCode: text('client_code').notNull().unique(),
  name: text('name').notNull(),
  /** 'Pharmacy' or 'CareInstitution' */
  kind: text('kind').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const facilities = pgTable(
  'facilities',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), uniqueIndex('facilities_client_name').on(t.clientId, t.name)],
);

export const patients = pgTable(
  'patients',
  {
    clientId: uuid('client_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    facilityId: integer('facility_id').notNull(),
    firstName: text('first_name').notNull(),
    namePrefix: text('name_prefix'),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.facilityId], foreignColumns: [facilities.clientId, facilities.id] }),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    emailAddress: text('email_address').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** 'Administrator' or 'Employee' */
    pharmacistType: text('pharmacist_type').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** argon2id; null until the account is activated */
    passwordHash: text('password_hash'),
    passwordChangedAt: ts('password_changed_at'),
    /** AES-256-GCM encrypted base32 secrets */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** the last 30-second step whose code was accepted: a code is accepted once */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('accounts_email_lower').on(sql`lower(${t.emailAddress})`),
  ],
);

/** One login session: its refresh tokens rotate within it; reuse of a spent token revokes it. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: integer('account_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete(
      'cascade',
    ),
    index('session_families_account').on(t.clientId, t.accountId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    clientId: uuid('client_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored */
    tokenHash: bytea('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * The token that replaced this one, sealed with a key derived from this token itself (never stored): within
     * a few seconds of the rotation the same token may come again (two tabs, a retry) and gets the same successor.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.tokenHash] }),
    index('refresh_tokens_hash').on(t.tokenHash),
    foreignKey({ columns: [t.clientId, t.familyId], foreignColumns: [sessionFamilies.clientId, sessionFamilies.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Password-reset and activation tokens: hashed, single use, with a lifetime. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    clientId: uuid('client_id').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    /** 'PasswordReset' or 'Activation' */
    purpose: text('purpose').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.tokenHash] }),
    index('one_time_tokens_hash').on(t.tokenHash),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A mail's attachment: its bytes inline, or an upload named by its customer and id (read when the mail is
 * sent, so that a 20 MB photo is not copied into the outbox).
 */
export type MailAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; file: { clientId: string; fileGuid: string } };

/** Transactional outbox: a mail is written in the same transaction as what caused it, and sent after. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Append-only audit trail in the spirit of NEN 7513: the app role may only insert. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    action: text('action').notNull(),
    /** 'Success' or 'Failure' */
    outcome: text('outcome').notNull(),
    accountId: integer('account_id'),
    clientId: uuid('client_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    patientIds: integer('patient_ids').array(),
    address: inet('address'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_client_at').on(t.clientId, t.at)],
);

/** Fixed-window counters for throttling per address, shared by every API process. */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ---- content maintained by the provider (not customer-owned) ------------------------------------------------

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
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('memos_active').on(t.activeFrom, t.activeUntil)],
);

export const faqItems = pgTable('faq_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sortOrder: integer('sort_order').notNull(),
  title: text('title').notNull(),
  /** HTML as the provider wrote it; the web app sanitises it before showing it */
  contentHtml: text('content_html').notNull(),
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
  packaging: text('packaging').notNull(),
});

// ---- customer-owned ----------------------------------------------------------------------------------------

export const assortmentItems = pgTable(
  'assortment_items',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.productId] })],
);

/** A weekly delivery agreement of a facility: shipped on one weekday and time, arriving on another. */
export const deliverySchedules = pgTable(
  'delivery_schedules',
  {
    clientId: uuid('client_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    facilityId: integer('facility_id').notNull(),
    /** ISO weekday, 1 = Monday */
    arrivalDay: integer('arrival_day').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    shipmentDay: integer('shipment_day').notNull(),
    shipmentTime: text('shipment_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.facilityId], foreignColumns: [facilities.clientId, facilities.id] }),
  ],
);

/** A packing order: the rolls/bags packed for a facility's patients for one order date. */
export const packingOrders = pgTable(
  'packing_orders',
  {
    clientId: uuid('client_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    facilityId: integer('facility_id').notNull(),
    patientCount: integer('patient_count').notNull(),
    bagCount: integer('bag_count').notNull(),
    /** 'Received' | 'InProduction' | 'Packed' | 'Shipped' | 'Delivered' | 'Cancelled' */
    reelStatus: text('reel_status').notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.facilityId], foreignColumns: [facilities.clientId, facilities.id] }),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    clientId: uuid('client_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** the first day of the invoiced month */
    processedMonth: date('processed_month', { mode: 'string' }).notNull(),
    /** total including VAT, in euro */
    invoiceAmount: numeric('invoice_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), uniqueIndex('invoices_client_month').on(t.clientId, t.processedMonth)],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    clientId: uuid('client_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** facility the line is for; null for customer-wide lines */
    facilityName: text('facility_name'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** excluding VAT */
    unitPrice: numeric('unit_price', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    /** percent, e.g. 9 or 21 */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.invoiceId, t.lineNo] }),
    foreignKey({ columns: [t.clientId, t.invoiceId], foreignColumns: [invoices.clientId, invoices.id] }).onDelete('cascade'),
  ],
);

/**
 * What customers send the provider: questions, requests, reports. Stored whole (payload) with its kind and
 * status, and announced to the provider by mail.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    clientId: uuid('client_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** null once the account is removed; who filed it stays in submitter_name/submitter_email */
    accountId: integer('account_id'),
    submitterName: text('submitter_name'),
    submitterEmail: text('submitter_email'),
    /** e.g. 'NonFaqQuestion', 'NewProduct', 'ImmediateProduct', 'Photo', 'OfflineAssortment', 'ImperfectionOosterwolde' */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'New' | 'Processing' | 'Archived' */
    status: text('status').notNull().default('New'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete(
      'set null',
    ),
    index('form_submissions_client_created').on(t.clientId, t.createdAt),
  ],
);

/**
 * An uploaded file (a roll file or a photo). The bytes live in the database, not on a disk of one API process,
 * so that every process behind a load balancer can read them, they are covered by row-level security and by
 * the database's backups, and nothing is ever in a served folder. A file that no submission references within
 * 24 hours is removed.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** null once the account is removed */
    accountId: integer('account_id'),
    /** 'RollFile' | 'Photo' */
    purpose: text('purpose').notNull(),
    /** the name the user's file had (shown in mails), cleaned */
    fileName: text('file_name').notNull(),
    /** e.g. '.pdf', decided by the bytes */
    fileExtension: text('file_extension').notNull(),
    /** e.g. 'application/pdf', decided by the bytes */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** the submission that uses it; null while unused */
    submissionId: integer('submission_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      columns: [t.clientId, t.submissionId],
      foreignColumns: [formSubmissions.clientId, formSubmissions.id],
    }).onDelete('cascade'),
    index('uploaded_files_unused').on(t.createdAt).where(sql`${t.submissionId} is null`),
    index('uploaded_files_submission').on(t.clientId, t.submissionId),
  ],
);

// ---- imperfection-report catalogues (maintained by the provider, seeded by migration) ------------------------

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

// ---- service products ----------------------------------------------------------------------------------------

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
    clientId: uuid('client_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** null once the account is removed; who ordered stays in requester_name/requester_email */
    accountId: integer('account_id'),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    /** an InboxStatus: 'New' | 'Processing' | 'Archived' */
    status: text('status').notNull().default('New'),
    /** sum of the rows' totals, euro excluding VAT, computed by the server */
    totalPrice: numeric('total_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete(
      'set null',
    ),
    index('service_product_orders_client_id_desc').on(t.clientId, t.id.desc()),
  ],
);

/** One line of an order, with the product's code, name and price as they were when ordered. */
export const serviceProductOrderRows = pgTable(
  'service_product_order_rows',
  {
    clientId: uuid('client_id').notNull(),
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
    primaryKey({ columns: [t.clientId, t.orderId, t.lineNo] }),
    foreignKey({
      columns: [t.clientId, t.orderId],
      foreignColumns: [serviceProductOrders.clientId, serviceProductOrders.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Answers to writes that a client may retry (forms, orders), by the client's Idempotency-Key: the same key
 * with the same body gets the first answer again instead of a second order. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: uuid('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the call's path and body */
    requestHash: bytea('request_hash').notNull(),
    /** null while the first request is still being handled */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.accountId, t.key] }),
    index('idempotency_keys_created_at').on(t.createdAt),
    foreignKey({ columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }).onDelete('cascade'),
  ],
);
