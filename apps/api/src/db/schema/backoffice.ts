import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, ts } from './columns.js';

/**
 * The provider's own staff (issue 12, decision 0023): accounts apart from the customers' ones, no customer of
 * their own, reached only through the database role portal_staff (the app role cannot read these tables).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    emailAddress: text('email_address').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** 'Beheerder' | 'Klantenservice' | 'Kwaliteit' */
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** argon2id; null until the invitation is accepted */
    passwordHash: text('password_hash'),
    /** AES-256-GCM encrypted base32 secret; two-factor login is required, set up on the first login */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    /** the daily overview of unassigned and overdue items by mail (issue 30.6), by the staff member's own choice */
    digestMails: boolean('digest_mails').notNull().default(false),
    /** the (Dutch) day the last overview went: one a day, whichever process sends it */
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_accounts_email_lower').on(sql`lower(${t.emailAddress})`)],
);

/**
 * One back-office login: `stage` 'Setup' (password given, two-factor login still to be set up) or 'Full'.
 * The refresh secret is kept only as its hash; a session ends after 12 hours, or after 60 idle minutes.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    refreshHash: bytea('refresh_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId), index('staff_sessions_expires').on(t.expiresAt)],
);

/**
 * Invitations of staff (set a password, 7 days), kept as a hash. Only the newest link of an account works, once,
 * and only while the account has no password (issue 26.2).
 */
export const staffInvitations = pgTable('staff_invitations', {
  tokenHash: bytea('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  /** when the link stopped working: used, or replaced by a newer one */
  usedAt: ts('used_at'),
});

/**
 * What happened to an inbox item (a form submission or a service order) after it arrived: a status change, an
 * assignment, an internal note, an answer mailed to the submitter. The customer sees its own status changes
 * and answers (a policy keeps notes and assignments from the app role), never who of the staff did them.
 */
export const inboxEvents = pgTable(
  'inbox_events',
  {
    customerId: customerId(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** 'Submission' | 'ServiceOrder' */
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    at: ts('at').notNull().defaultNow(),
    staffId: integer('staff_id'),
    /** the provider's system that acted instead of a staff member (a status or answer written back, issue 29) */
    integrationClientId: uuid('integration_client_id'),
    /** the customer's account that replied (a 'Reply'); null once the account is removed, or for a reply by mail from the submitter's address */
    accountId: integer('account_id'),
    /** how a reply came: 'portal' or 'mail' */
    via: text('via'),
    /** 'Status' | 'Assigned' | 'Note' | 'Answer' | 'Reply' */
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    assigneeId: integer('assignee_id'),
    /** the answer's subject, as mailed */
    subject: text('subject'),
    /** the note, or the answer's text */
    body: text('body'),
    /** where the answer was mailed */
    mailedTo: text('mailed_to'),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('inbox_events_item').on(t.customerId, t.itemKind, t.itemId, t.at),
  ],
);
