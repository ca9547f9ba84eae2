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

/** Transactional outbox: a mail is written in the same transaction as what caused it, and sent after. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** [{ filename, contentType, fileId }] */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
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
