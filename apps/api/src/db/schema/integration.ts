import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './operations.js';
import { bytea, createdAt, customerId, sameCustomer, ts } from './columns.js';

/**
 * The provider's systems as clients of the integration API (OAuth 2.0 client credentials) and what they sent:
 * one import run per batch, with its rejected rows. Not customer-owned: one batch may touch many customers.
 */

export const integrationClients = pgTable('integration_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** the kinds it may write and read back, e.g. {customers, packing-orders} */
  scopes: text('scopes').array().notNull(),
  /** SHA-256 of the secret: 256 random bits need no slow hash; the secret itself is shown once */
  secretHash: bytea('secret_hash').notNull(),
  /** the current secret's number, raised by every rotation: a token names the secret that made it */
  secretGeneration: integer('secret_generation').notNull().default(1),
  /**
   * The secret before the last rotation, still valid (it and its tokens, of generation secretGeneration - 1)
   * until `previousSecretUntil` or its retirement: the provider's systems switch over without downtime.
   */
  previousSecretHash: bytea('previous_secret_hash'),
  previousSecretUntil: ts('previous_secret_until'),
  createdAt: createdAt(),
  rotatedAt: ts('rotated_at'),
  revokedAt: ts('revoked_at'),
  /** whom the portal tells when one of its webhook endpoints is switched off */
  contactEmail: text('contact_email'),
});

export const importRuns = pgTable(
  'import_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null for a file imported with the command line */
    integrationClientId: uuid('integration_client_id').references(() => integrationClients.id),
    /** 'api' or 'cli' */
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    /** 'upsert', 'snapshot' or 'delete' */
    mode: text('mode').notNull(),
    /** the customer code a snapshot was limited to */
    scopeCustomer: text('scope_customer'),
    /** 'running', 'succeeded' or 'failed' */
    status: text('status').notNull(),
    received: integer('received').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    stale: integer('stale').notNull().default(0),
    /** what the answer said besides its counts (a text read as Windows-1252) */
    warnings: text('warnings').array().notNull().default([]),
    deleted: integer('deleted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** why a failed run failed; nothing of it was kept */
    error: text('error'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('import_runs_started').on(t.startedAt)],
);

/**
 * Rejected rows of a run, kept 30 days: the line of the batch (0 for a row a snapshot could not delete), the
 * row's key when it had one, and why.
 */
export const importRejections = pgTable(
  'import_rejections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    key: text('key'),
    reason: text('reason').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('import_rejections_run_line').on(t.runId, t.line)],
);

/**
 * An invoice's file as the provider's own invoicing made it (PDF or XLSX, issue 11): served instead of the file
 * the portal renders from the invoice's lines, for as long as it is there.
 */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    customerId: customerId(),
    invoiceId: integer('invoice_id').notNull(),
    /** the spec's FileType: 'Pdf', 'PdfDetails', 'Excel' or 'ExcelDetails' */
    fileType: text('file_type').notNull(),
    mediaType: text('media_type').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.invoiceId, t.fileType] }),
    sameCustomer(t, t.invoiceId, invoices).onDelete('cascade'),
  ],
);
