import { sql } from 'drizzle-orm';
import { bigserial, index, inet, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, sameCustomer, ts } from './columns.js';
import { accounts } from './accounts.js';

/** What the platform keeps for itself: the mail outbox, the audit trail, rate-limit windows, idempotency keys. */

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
    createdAt: createdAt(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_sent').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
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
    /** the provider's staff member who acted (back-office door) */
    staffId: integer('staff_id'),
    clientId: uuid('client_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    patientIds: integer('patient_ids').array(),
    address: inet('address'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_client_at').on(t.clientId, t.at), index('audit_log_at').on(t.at)],
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

/**
 * Answers to writes that a client may retry (forms, orders), by the client's Idempotency-Key: the same key
 * with the same body gets the first answer again instead of a second order. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: customerId(),
    accountId: integer('account_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the call's path and body */
    requestHash: bytea('request_hash').notNull(),
    /** null while the first request is still being handled */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.accountId, t.key] }),
    index('idempotency_keys_created_at').on(t.createdAt),
    sameCustomer(t, t.accountId, accounts).onDelete('cascade'),
  ],
);
