import { and, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { keptPrepared } from '../../db/kept-statements.js';
import { runWritten, writeOnce } from '../../db/written-statements.js';
import { readAsTenant, withTenant, type Tx } from '../../db/tenancy.js';
import { accounts, refreshTokens, sessionFamilies } from '../../db/schema.js';
import { writeAudit, type AuditEntry } from '../../lib/audit.js';
import { type AccessTokens, hashToken, randomToken, type AccessClaims } from '../../lib/crypto.js';
import { verifyPassword } from '../../lib/passwords.js';
import { tooManyRequests, unauthorized } from '../../lib/problems.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { removeBackupCodes } from './backup-codes.js';

// What the flows of the auth module (login, sessions, reset and activation, password, two-factor) share.

const MINUTE = 60_000;
export const authTimes = {
  familyLifetimeMs: 12 * 60 * MINUTE,
  refreshIdleMs: 60 * MINUTE,
  /** a refresh token presented again this soon after its rotation gets the same successor (two tabs, a retry) */
  refreshReuseGraceMs: 10_000,
  resetTokenMs: 60 * MINUTE,
  activationTokenMs: 7 * 24 * 60 * MINUTE,
  addressWindowSeconds: 15 * 60,
  failuresBeforeLock: 5,
  /**
   * A failed login and a reset request take at least this long: well above what either path costs (an argon2
   * check and a few queries, ~30 ms), so that the time of the answer does not tell a known address from an
   * unknown one (scripts/bench-timing.mjs measures it).
   */
  answerFloorMs: 120,
} as const;

export async function answerNoSoonerThan(started: number): Promise<void> {
  const wait = started + authTimes.answerFloorMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** After the fifth failure on an account, each further failure locks it longer: 1, 2, 4, 8, then 15 minutes. */
export function lockMinutes(failures: number): number {
  if (failures < authTimes.failuresBeforeLock) return 0;
  return Math.min(15, 2 ** (failures - authTimes.failuresBeforeLock));
}

export type Account = typeof accounts.$inferSelect;
export type OneTimePurpose = 'PasswordReset' | 'Activation';

export interface AuthDeps {
  db: Db;
  tokens: AccessTokens;
  totpKey: Buffer;
  publicUrl: string;
  /** authentication attempts allowed per client address in 15 minutes */
  addressLimit: number;
  /** called after a transaction that put mail in the outbox */
  mailQueued: () => void;
}

// ---- audit ----------------------------------------------------------------------------------------------

/** An audit row about one account, on behalf of its customer. */
export function auditAccount(
  tx: Db | Tx,
  account: { id: number; customerId: string },
  entry: Omit<AuditEntry, 'accountId' | 'customerId'>,
): Promise<void> {
  return writeAudit(tx, { ...entry, accountId: account.id, customerId: account.customerId });
}

// ---- accounts -------------------------------------------------------------------------------------------

export async function throttleAddress(deps: Pick<AuthDeps, 'db' | 'addressLimit'>, kind: string, address: string) {
  const { allowed, retryAfterSeconds } = await hitRateLimit(deps.db, `${kind}:${address}`, deps.addressLimit, authTimes.addressWindowSeconds);
  if (!allowed) throw tooManyRequests(retryAfterSeconds);
}

export async function accountOwner(db: Db, emailAddress: string): Promise<{ customerId: string; accountId: number } | null> {
  const result = await db.execute<{ client_id: string; account_id: number }>(
    sql`select client_id, account_id from auth_account_owner(${emailAddress.trim()})`,
  );
  const row = result.rows[0];
  return row ? { customerId: row.client_id, accountId: Number(row.account_id) } : null;
}

const accountColumns = Object.entries(getTableColumns(accounts));
/** The account's columns under their names in code, written once. */
const accountSelect = sql.raw(accountColumns.map(([key, column]) => `"${column.name}" as "${key}"`).join(', '));
/** The own account's statements, read and locked, written once (decision 0103). */
const ownAccount = {
  read: writeOnce(keptPrepared(sql`select ${accountSelect} from accounts where client_id = ${sql.placeholder('customer')} and id = ${sql.placeholder('account')}`)),
  locked: writeOnce(
    keptPrepared(sql`select ${accountSelect} from accounts where client_id = ${sql.placeholder('customer')} and id = ${sql.placeholder('account')} for update`),
  ),
};

/** An account row as node-postgres answers it, mapped as drizzle maps its columns. */
function accountOf(row: Record<string, unknown>): Account {
  return Object.fromEntries(accountColumns.map(([key, column]) => [key, row[key] == null ? null : column.mapFromDriverValue(row[key])])) as Account;
}

/**
 * The own account by its key, kept prepared on each connection (`keptPrepared`): the look-up of one row by its key
 * has one plan for every customer (decision 0042), and its statement is written once, not by drizzle at each call
 * (decision 0103). Locked for update in a transaction that may change it; only read in `withOwnAccount`'s readOnly.
 */
export async function lockAccount(tx: Tx, customerId: string, accountId: number, lock = true): Promise<Account> {
  const { rows } = await runWritten<Record<string, unknown>>(tx, lock ? ownAccount.locked : ownAccount.read, { customer: customerId, account: accountId });
  const account = rows[0];
  if (!account) throw unauthorized();
  return accountOf(account);
}

/**
 * The own account, locked against concurrent changes in the customer's transaction; with `readOnly`, only read,
 * and `fn` with it, each statement read-only for the customer (`readAsTenant`, one round trip each).
 */
export function withOwnAccount<T>(
  db: Db,
  claims: AccessClaims,
  fn: (tx: Tx, account: Account) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  if (options.readOnly) return readAsTenant(db, claims.customerId, async (tx) => fn(tx, await lockAccount(tx, claims.customerId, claims.accountId, false)));
  return withTenant(db, claims.customerId, async (tx) => fn(tx, await lockAccount(tx, claims.customerId, claims.accountId)));
}

/** The own password, as asked again before a security change; counts toward the account's lock. */
export async function checkOwnPassword(tx: Tx, account: Account, password: string): Promise<boolean> {
  if (account.lockedUntil && account.lockedUntil > new Date()) return false;
  const ok = await verifyPassword(account.passwordHash, password);
  if (!ok) await registerFailure(tx, account);
  return ok;
}

export async function registerFailure(tx: Tx, account: Account) {
  const failures = account.failedLoginCount + 1;
  const minutes = lockMinutes(failures);
  account.failedLoginCount = failures;
  await tx
    .update(accounts)
    .set({ failedLoginCount: failures, lockedUntil: minutes > 0 ? new Date(Date.now() + minutes * MINUTE) : null })
    .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
}

// ---- sessions and tokens --------------------------------------------------------------------------------

export function userInfoOf(account: Account) {
  return { firstName: account.firstName, isAdministrator: account.pharmacistType === 'Administrator' };
}

/** An access token of `account` in session `familyId`. */
export function signAccess(tokens: AccessTokens, account: Account, familyId: string): Promise<string> {
  return tokens.sign({
    accountId: account.id,
    customerId: account.customerId,
    isAdministrator: account.pharmacistType === 'Administrator',
    familyId,
  });
}

export async function issueRefreshToken(tx: Tx, customerId: string, familyId: string, familyExpiresAt: Date): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(Math.min(Date.now() + authTimes.refreshIdleMs, familyExpiresAt.getTime()));
  await tx.insert(refreshTokens).values({ customerId, tokenHash: hashToken(token), familyId, expiresAt });
  return token;
}

/** Ends every session of an account but `keepFamilyId`. */
export async function endSessions(tx: Tx, customerId: string, accountId: number, keepFamilyId: string | null, reason: string) {
  await tx
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessionFamilies.customerId, customerId),
        eq(sessionFamilies.accountId, accountId),
        isNull(sessionFamilies.revokedAt),
        ...(keepFamilyId ? [ne(sessionFamilies.id, keepFamilyId)] : []),
      ),
    );
}

/**
 * Two-factor login off for an account (turned off by its user, or reset by an administrator): the secret, a
 * pending one and the last step gone, and its backup codes with them. The one way it is turned off.
 */
export async function turnTotpOff(tx: Tx, account: { customerId: string; id: number }): Promise<void> {
  await tx
    .update(accounts)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabled: false, totpLastStep: null })
    .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
  await removeBackupCodes(tx, account);
}
