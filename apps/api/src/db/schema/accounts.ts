import { sql } from 'drizzle-orm';
import { bigint, boolean, index, inet, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, customerKey, sameCustomer, ts } from './columns.js';
import { customers } from './customers.js';

/** Staff accounts of the customers, their login sessions and one-time (reset and activation) tokens. */

export const accounts = pgTable(
  'accounts',
  {
    customerId: uuid('client_id').notNull().references(() => customers.id),
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
    /** mail the account when the provider changes the status of what it sent (issue 12) */
    statusMails: boolean('status_mails').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    customerKey(t),
    uniqueIndex('accounts_email_lower').on(sql`lower(${t.emailAddress})`),
  ],
);

/** One login session: its refresh tokens rotate within it; reuse of a spent token revokes it. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    customerId: customerId(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: integer('account_id').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** logged in with a second factor (a TOTP or backup code): what reading the access log asks of a session */
    secondFactor: boolean('second_factor').notNull().default(false),
    /** the browser and address it logged in from, and when it last renewed its token (Beveiliging's session list) */
    userAgent: text('user_agent'),
    address: inet('address'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    customerKey(t),
    sameCustomer(t, t.accountId, accounts).onDelete(
      'cascade',
    ),
    index('session_families_account').on(t.customerId, t.accountId),
    index('session_families_expires').on(t.expiresAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    customerId: customerId(),
    /** SHA-256 of the token; the token itself is never stored */
    tokenHash: bytea('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * The token that replaced this one, sealed with a key derived from this token itself (never stored): within
     * a few seconds of the rotation the same token may come again (two tabs, a retry) and gets the same successor.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tokenHash] }),
    index('refresh_tokens_hash').on(t.tokenHash),
    sameCustomer(t, t.familyId, sessionFamilies).onDelete(
      'cascade',
    ),
  ],
);

/** Password-reset and activation tokens: hashed, single use, with a lifetime. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    customerId: customerId(),
    tokenHash: bytea('token_hash').notNull(),
    /** 'PasswordReset' or 'Activation' */
    purpose: text('purpose').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tokenHash] }),
    index('one_time_tokens_hash').on(t.tokenHash),
    index('one_time_tokens_expires').on(t.expiresAt),
    sameCustomer(t, t.accountId, accounts).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The one-time backup codes of an account with two-factor login (issue 13): only a keyed hash of each (HMAC with
 * a key derived from the TOTP encryption key, which is not in the database), used at most once. A new set, turning
 * two-factor login off, or an administrator's reset removes them.
 */
/**
 * The browsers an account logged in from (a random id the web app keeps, else the user agent), as hashes: a login
 * from one not seen before is mailed to the account (issue 14).
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    customerId: customerId(),
    accountId: integer('account_id').notNull(),
    browserHash: bytea('browser_hash').notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.accountId, t.browserHash] }),
    sameCustomer(t, t.accountId, accounts).onDelete('cascade'),
  ],
);

export const backupCodes = pgTable(
  'backup_codes',
  {
    customerId: customerId(),
    accountId: integer('account_id').notNull(),
    codeHash: bytea('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.accountId, t.codeHash] }),
    sameCustomer(t, t.accountId, accounts).onDelete('cascade'),
  ],
);
