import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, customerKey, sameCustomer, ts } from './columns.js';
import { accounts } from './accounts.js';

/** What customers send: form submissions and the files uploaded with them. */

/**
 * What customers send the provider: questions, requests, reports. Stored whole (payload) with its kind and
 * status, and announced to the provider by mail.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    customerId: customerId(),
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
    /** the provider's staff member who handles it (issue 12); null: nobody yet */
    assigneeId: integer('assignee_id'),
    /** when the status last changed (the inbox sorts and filters on it) */
    statusChangedAt: ts('status_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    customerKey(t),
    sameCustomer(t, t.accountId, accounts).onDelete(
      'set null',
    ),
    index('form_submissions_client_created').on(t.customerId, t.createdAt),
    index('form_submissions_inbox').on(t.status, t.createdAt),
    /** the retention job's search: archived the longest ago first (decision 0031) */
    index('form_submissions_archived').on(t.statusChangedAt).where(sql`${t.status} = 'Archived'`),
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
    customerId: customerId(),
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
    /** the answer or reply of an item's thread it is attached to; null while unused (or used by a submission) */
    inboxEventId: bigint('inbox_event_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    customerKey(t),
    sameCustomer(t, t.accountId, accounts).onDelete(
      'set null',
    ),
    foreignKey({
      columns: [t.customerId, t.submissionId],
      foreignColumns: [formSubmissions.customerId, formSubmissions.id],
    }).onDelete('cascade'),
    index('uploaded_files_unused').on(t.createdAt).where(sql`${t.submissionId} is null and ${t.inboxEventId} is null`),
    index('uploaded_files_inbox_event').on(t.customerId, t.inboxEventId).where(sql`${t.inboxEventId} is not null`),
    index('uploaded_files_submission').on(t.customerId, t.submissionId),
  ],
);
