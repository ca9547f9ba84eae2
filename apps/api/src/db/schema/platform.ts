import { sql } from 'drizzle-orm';
import { bigserial, check, index, inet, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, sameCustomer, ts } from './columns.js';
import { accounts } from './accounts.js';
import { integrationClients } from './integration.js';

/** What the platform keeps for itself: the mail outbox, the audit trail, rate-limit windows, idempotency keys. */

/**
 * A mail's attachment: its bytes inline, or an upload named by its customer and id (read when the mail is
 * sent, so that a 20 MB photo is not copied into the outbox).
 */
export type MailAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; file: { customerId: string; fileGuid: string } };

/** Transactional outbox: a mail is written in the same transaction as what caused it, and sent after. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** where the recipient's reply goes: an item's reply address, so that a reply lands on the item */
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: createdAt(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    /** the W3C trace context of what queued it: its sending is a span of that trace (decision 0092) */
    traceparent: text('traceparent'),
  },
  (t) => [
    index('mail_outbox_pending').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_sent').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

/** A patient as the accessor saw it: kept in the audit row, so that a later change or delete of the patient alters nothing. */
export interface AuditPatient {
  id: number | null;
  /** the provider's key of the patient, where there is one */
  key: string | null;
  name: string | null;
  birthDate: string | null;
}

export const auditActorKinds = ['Account', 'Staff', 'Integration', 'System'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/**
 * Append-only audit trail of NEN 7513 (decision 0067): the app roles may only insert. Each row holds what was true
 * when it was written (the actor, the customer acted for, the patients), not only ids that point at live rows.
 */
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
    customerId: uuid('client_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    patientIds: integer('patient_ids').array(),
    address: inet('address'),
    details: jsonb('details'),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull().default('System'),
    /** the account's, staff member's or integration client's id */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** an account's type (Administrator, Employee) or a staff member's role */
    actorRole: text('actor_role'),
    /** the customer the actor acted for, as it was named then */
    actorCustomerId: uuid('actor_customer_id'),
    actorCustomerCode: text('actor_customer_code'),
    actorCustomerName: text('actor_customer_name'),
    patients: jsonb('patients').$type<AuditPatient[]>(),
    /** how the user knows the object (an item's reference, a file's name) */
    objectReference: text('object_reference'),
  },
  (t) => [
    index('audit_log_client_at').on(t.customerId, t.at),
    index('audit_log_at').on(t.at),
    check('audit_log_actor_kind', sql`${t.actorKind} in ('Account', 'Staff', 'Integration', 'System')`),
  ],
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
 * Answers to writes that a client may retry (forms, orders, an integration's batches), by the client's
 * Idempotency-Key: the same key with the same body gets the first answer again instead of a second order. Kept
 * 24 hours. Owned by a customer's account or by an integration client (exactly one of them), each seeing only
 * its own rows (row-level security).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: uuid('client_id'),
    accountId: integer('account_id'),
    integrationClientId: uuid('integration_client_id').references(() => integrationClients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the call's path and body; null while a streamed body is still being read */
    requestHash: bytea('request_hash'),
    /** null while the first request is still being handled */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_account').on(t.customerId, t.accountId, t.key).where(sql`${t.integrationClientId} is null`),
    uniqueIndex('idempotency_keys_integration').on(t.integrationClientId, t.key).where(sql`${t.integrationClientId} is not null`),
    index('idempotency_keys_created_at').on(t.createdAt),
    sameCustomer(t, t.accountId, accounts).onDelete('cascade'),
    check(
      'idempotency_keys_one_owner',
      sql`(${t.integrationClientId} is null and ${t.customerId} is not null and ${t.accountId} is not null) or (${t.integrationClientId} is not null and ${t.customerId} is null and ${t.accountId} is null)`,
    ),
  ],
);

/**
 * A periodic job's turn across every process of the fleet (decision 0098): the process that moves `next_run_at`
 * past now first runs it, the others skip that turn. Owner's table: the request-serving role never sees it.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lastStartedAt: ts('last_started_at'),
  lastEndedAt: ts('last_ended_at'),
  /** 'running', 'succeeded' or 'failed' */
  lastOutcome: text('last_outcome'),
  /** the process that took the last turn: host and pid */
  lastHolder: text('last_holder'),
  runs: integer('runs').notNull().default(0),
});
