import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { feedback, validation, type AuthData } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant, type Tx } from '../../db/tenancy.js';
import { accounts, oneTimeTokens, refreshTokens, sessionFamilies } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { type AccessTokens, decryptSecret, encryptSecret, hashToken, openWithToken, randomToken, sealWithToken, type AccessClaims } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mail.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.js';
import { HttpProblem, badRequest, tooManyRequests, unauthorized } from '../../lib/problems.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { checkTotp, newTotpSecret, totpSetupImage } from './totp.js';
import { activationMail, passwordResetMail } from './auth.mails.js';

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

async function answerNoSoonerThan(started: number): Promise<void> {
  const wait = started + authTimes.answerFloorMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** After the fifth failure on an account, each further failure locks it longer: 1, 2, 4, 8, then 15 minutes. */
export function lockMinutes(failures: number): number {
  if (failures < authTimes.failuresBeforeLock) return 0;
  return Math.min(15, 2 ** (failures - authTimes.failuresBeforeLock));
}

type Account = typeof accounts.$inferSelect;
type OneTimePurpose = 'PasswordReset' | 'Activation';

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

const loginFailed = () => badRequest(feedback.loginFailed);
const totpRequired = () => new HttpProblem(409, validation.codeRequired, { pin: [validation.codeRequired] });

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  // ---- login, refresh, logout -------------------------------------------------------------------------

  /**
   * A failed login is answered no sooner than authTimes.answerFloorMs after it arrived, whether the address has an
   * account or not (an unknown address skips the account's transaction and would otherwise answer sooner).
   */
  async login(input: { emailAddress: string; password: string; pin?: string; address: string }): Promise<AuthData> {
    const started = Date.now();
    try {
      return await this.checkLogin(input);
    } catch (error) {
      await answerNoSoonerThan(started);
      throw error;
    }
  }

  private async checkLogin(input: { emailAddress: string; password: string; pin?: string; address: string }): Promise<AuthData> {
    const { db } = this.deps;
    await this.throttleAddress('login', input.address);
    const owner = await this.accountOwner(input.emailAddress);
    if (!owner) {
      await verifyPassword(null, input.password);
      await writeAudit(db, {
        action: 'Login',
        outcome: 'Failure',
        address: input.address,
        details: { reason: 'unknown-account', emailAddress: input.emailAddress.slice(0, 254) },
      });
      throw loginFailed();
    }
    const outcome = await withTenant(db, owner.clientId, async (tx) => {
      const account = await this.lockAccount(tx, owner.clientId, owner.accountId);
      const fail = async (reason: string, countsAsFailure = true) => {
        if (countsAsFailure) await this.registerFailure(tx, account);
        await writeAudit(tx, {
          action: input.pin ? 'LoginTotp' : 'Login',
          outcome: 'Failure',
          accountId: account.id,
          clientId: account.clientId,
          address: input.address,
          details: { reason },
        });
        return { kind: 'failed' as const };
      };
      if (account.lockedUntil && account.lockedUntil > new Date()) {
        // Spend the time of a real check, so that timing does not tell a locked account from an unknown one.
        await verifyPassword(null, input.password);
        return fail('locked', false);
      }
      if (!account.isActive || !account.passwordHash) {
        await verifyPassword(null, input.password);
        return fail('inactive', false);
      }
      if (!(await verifyPassword(account.passwordHash, input.password))) return fail('wrong-password');
      let totpStep: number | null = null;
      if (account.totpEnabled && account.totpSecret) {
        if (!input.pin) {
          await writeAudit(tx, {
            action: 'Login',
            outcome: 'Failure',
            accountId: account.id,
            clientId: account.clientId,
            address: input.address,
            details: { reason: 'totp-required' },
          });
          return { kind: 'totp-required' as const };
        }
        totpStep = await checkTotp(decryptSecret(account.totpSecret, this.deps.totpKey), input.pin, account.totpLastStep);
        if (totpStep === null) return fail('wrong-code');
      }
      await tx
        .update(accounts)
        .set({
          failedLoginCount: 0,
          lockedUntil: null,
          lastLoginAt: new Date(),
          ...(totpStep !== null ? { totpLastStep: totpStep } : {}),
        })
        .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
      const auth = await this.startSession(tx, account);
      await writeAudit(tx, {
        action: input.pin ? 'LoginTotp' : 'Login',
        outcome: 'Success',
        accountId: account.id,
        clientId: account.clientId,
        address: input.address,
      });
      return { kind: 'ok' as const, auth };
    });
    if (outcome.kind === 'totp-required') throw totpRequired();
    if (outcome.kind === 'failed') throw loginFailed();
    return outcome.auth;
  }

  async refresh(input: { refreshToken: string; address: string }): Promise<AuthData> {
    // Not throttled per address: a refresh token cannot be guessed (256 bits), and a care institution's
    // whole staff may share one address.
    const { db } = this.deps;
    const tokenHash = hashToken(input.refreshToken);
    const owner = await db.execute<{ client_id: string | null }>(
      sql`select auth_refresh_token_owner(${tokenHash}) as client_id`,
    );
    const clientId = owner.rows[0]?.client_id;
    if (!clientId) throw unauthorized();
    const outcome = await withTenant(db, clientId, async (tx) => {
      const rows = await tx
        .select({ token: refreshTokens, family: sessionFamilies, account: accounts })
        .from(refreshTokens)
        .innerJoin(sessionFamilies, and(eq(sessionFamilies.clientId, refreshTokens.clientId), eq(sessionFamilies.id, refreshTokens.familyId)))
        .innerJoin(accounts, and(eq(accounts.clientId, sessionFamilies.clientId), eq(accounts.id, sessionFamilies.accountId)))
        .where(and(eq(refreshTokens.clientId, clientId), eq(refreshTokens.tokenHash, tokenHash)))
        .for('update', { of: [refreshTokens, sessionFamilies] });
      const row = rows[0];
      if (!row) return { kind: 'invalid' as const };
      const { token, family, account } = row;
      const now = new Date();
      const live = !family.revokedAt && family.expiresAt > now && account.isActive;
      const accessFor = () =>
        this.deps.tokens.sign({
          accountId: account.id,
          clientId,
          isAdministrator: account.pharmacistType === 'Administrator',
          familyId: family.id,
        });
      if (token.usedAt) {
        // The same token again within the grace (a second tab, a retry after a lost answer): the same successor.
        const withinGrace = now.getTime() - token.usedAt.getTime() <= authTimes.refreshReuseGraceMs;
        if (withinGrace && live && token.successorSealed) {
          const refreshToken = openWithToken(token.successorSealed, input.refreshToken);
          return { kind: 'ok' as const, auth: { accessToken: await accessFor(), refreshToken, userInfo: userInfoOf(account) } };
        }
        // A spent token came back: someone holds a copy. End the whole session for everyone holding it.
        if (!family.revokedAt) {
          await tx
            .update(sessionFamilies)
            .set({ revokedAt: now, revokedReason: 'refresh-token-reuse' })
            .where(and(eq(sessionFamilies.clientId, clientId), eq(sessionFamilies.id, family.id)));
        }
        await writeAudit(tx, {
          action: 'TokenReuseDetected',
          outcome: 'Failure',
          accountId: account.id,
          clientId,
          address: input.address,
          objectType: 'Session',
          objectId: family.id,
        });
        return { kind: 'invalid' as const };
      }
      if (!live || token.expiresAt <= now) return { kind: 'invalid' as const };
      const refreshToken = await this.issueRefreshToken(tx, clientId, family.id, family.expiresAt);
      await tx
        .update(refreshTokens)
        .set({ usedAt: now, successorSealed: sealWithToken(refreshToken, input.refreshToken) })
        .where(and(eq(refreshTokens.clientId, clientId), eq(refreshTokens.tokenHash, tokenHash)));
      const accessToken = await accessFor();
      return { kind: 'ok' as const, auth: { accessToken, refreshToken, userInfo: userInfoOf(account) } };
    });
    if (outcome.kind !== 'ok') throw unauthorized();
    return outcome.auth;
  }

  async logout(claims: AccessClaims, address: string): Promise<void> {
    await withTenant(this.deps.db, claims.clientId, async (tx) => {
      await tx
        .update(sessionFamilies)
        .set({ revokedAt: new Date(), revokedReason: 'logout' })
        .where(
          and(eq(sessionFamilies.clientId, claims.clientId), eq(sessionFamilies.id, claims.familyId), isNull(sessionFamilies.revokedAt)),
        );
      await writeAudit(tx, {
        action: 'Logout',
        outcome: 'Success',
        accountId: claims.accountId,
        clientId: claims.clientId,
        address,
        objectType: 'Session',
        objectId: claims.familyId,
      });
    });
  }

  // ---- password reset and activation -------------------------------------------------------------------

  /** Answers the same, in about the same time, whether or not the address belongs to an account. */
  /** Answered no sooner than authTimes.answerFloorMs, so that its time does not tell whether the address has an account. */
  async requestPasswordReset(input: { emailAddress: string; address: string }): Promise<void> {
    const started = Date.now();
    try {
      await this.queuePasswordReset(input);
    } finally {
      await answerNoSoonerThan(started);
    }
  }

  private async queuePasswordReset(input: { emailAddress: string; address: string }): Promise<void> {
    await this.throttleAddress('reset', input.address);
    const owner = await this.accountOwner(input.emailAddress);
    if (!owner) {
      await writeAudit(this.deps.db, {
        action: 'PasswordResetRequest',
        outcome: 'Failure',
        address: input.address,
        details: { reason: 'unknown-account' },
      });
      return;
    }
    const queued = await withTenant(this.deps.db, owner.clientId, async (tx) => {
      const account = await this.lockAccount(tx, owner.clientId, owner.accountId);
      const active = account.isActive && account.passwordHash !== null;
      if (active) {
        const token = await this.issueOneTimeToken(tx, account, 'PasswordReset', authTimes.resetTokenMs);
        await enqueueMail(tx, passwordResetMail(account, `${this.deps.publicUrl}/auth/reset-password/update?token=${token}`));
      }
      await writeAudit(tx, {
        action: 'PasswordResetRequest',
        outcome: active ? 'Success' : 'Failure',
        accountId: account.id,
        clientId: account.clientId,
        address: input.address,
        ...(active ? {} : { details: { reason: 'inactive' } }),
      });
      return active;
    });
    if (queued) this.deps.mailQueued();
  }

  /**
   * Creates the activation token of a new account and queues its mail, in the caller's transaction: a tenant
   * one, or the owner's where a tool acts for the provider (hence `Db`, not the tenant-only `Tx`).
   */
  async queueActivation(tx: Db, account: Account): Promise<void> {
    const token = await this.issueOneTimeToken(tx, account, 'Activation', authTimes.activationTokenMs);
    await enqueueMail(tx, activationMail(account, `${this.deps.publicUrl}/auth/activate?token=${token}`));
  }

  async isOneTimeTokenValid(token: string, purpose: OneTimePurpose, address: string): Promise<boolean> {
    await this.throttleAddress('token-check', address);
    const found = await this.findOneTimeToken(token, purpose, async (_tx, row) => row !== null);
    return found ?? false;
  }

  async resetPassword(input: { token: string; password: string; address: string }): Promise<void> {
    await this.setPasswordWithToken(input, 'PasswordReset');
  }

  async activateAccount(input: { token: string; password: string; address: string }): Promise<void> {
    await this.setPasswordWithToken(input, 'Activation');
  }

  private async setPasswordWithToken(
    input: { token: string; password: string; address: string },
    purpose: OneTimePurpose,
  ): Promise<void> {
    await this.throttleAddress('token-use', input.address);
    const title = purpose === 'Activation' ? feedback.activationFailed : feedback.resetFailed;
    const tokenField = purpose === 'Activation' ? 'activationToken' : 'passwordResetToken';
    if (isCommonPassword(input.password)) throw badRequest(validation.commonPassword, { password: [validation.commonPassword] });
    const passwordHash = await hashPassword(input.password);
    const done = await this.findOneTimeToken(input.token, purpose, async (tx, row) => {
      if (!row) return false;
      const now = new Date();
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.clientId, row.clientId), eq(oneTimeTokens.accountId, row.accountId), isNull(oneTimeTokens.usedAt)));
      await tx
        .update(accounts)
        .set({
          passwordHash,
          passwordChangedAt: now,
          failedLoginCount: 0,
          lockedUntil: null,
          ...(purpose === 'Activation' ? { isActive: true } : {}),
        })
        .where(and(eq(accounts.clientId, row.clientId), eq(accounts.id, row.accountId)));
      await this.endSessions(tx, row.clientId, row.accountId, null, purpose === 'Activation' ? 'activation' : 'password-reset');
      await writeAudit(tx, {
        action: purpose === 'Activation' ? 'AccountActivation' : 'PasswordReset',
        outcome: 'Success',
        accountId: row.accountId,
        clientId: row.clientId,
        address: input.address,
      });
      return true;
    });
    if (!done) {
      await writeAudit(this.deps.db, {
        action: purpose === 'Activation' ? 'AccountActivation' : 'PasswordReset',
        outcome: 'Failure',
        address: input.address,
        details: { reason: 'invalid-token' },
      });
      throw badRequest(title, { [tokenField]: [title] });
    }
  }

  // ---- own account: password and two-factor ------------------------------------------------------------

  async changePassword(
    claims: AccessClaims,
    input: { currentPassword: string; newPassword: string; address: string },
  ): Promise<void> {
    if (isCommonPassword(input.newPassword)) {
      throw badRequest(validation.commonPassword, { newPassword: [validation.commonPassword] });
    }
    const newHash = await hashPassword(input.newPassword);
    const ok = await this.withOwnAccount(claims, async (tx, account) => {
      const passwordOk = await this.checkOwnPassword(tx, account, input.currentPassword);
      if (passwordOk) {
        await tx
          .update(accounts)
          .set({ passwordHash: newHash, passwordChangedAt: new Date() })
          .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
        await this.endSessions(tx, account.clientId, account.id, claims.familyId, 'password-change');
      }
      await writeAudit(tx, {
        action: 'PasswordChange',
        outcome: passwordOk ? 'Success' : 'Failure',
        accountId: account.id,
        clientId: account.clientId,
        address: input.address,
      });
      return passwordOk;
    });
    if (!ok) throw badRequest(feedback.passwordChangeFailed, { currentPassword: [feedback.passwordChangeFailed] });
  }

  async isTotpEnabled(claims: AccessClaims): Promise<boolean> {
    return this.withOwnAccount(claims, async (_tx, account) => account.totpEnabled, { readOnly: true });
  }

  async totpSetup(claims: AccessClaims, address: string) {
    const secret = newTotpSecret();
    const result = await this.withOwnAccount(claims, async (tx, account) => {
      if (account.totpEnabled) return null;
      await tx
        .update(accounts)
        .set({ totpPendingSecret: encryptSecret(secret, this.deps.totpKey) })
        .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
      await writeAudit(tx, { action: 'TotpSetup', outcome: 'Success', accountId: account.id, clientId: account.clientId, address });
      return account;
    });
    if (!result) throw badRequest(feedback.twoFactorFailed);
    const { dataUrl } = await totpSetupImage(secret, result.emailAddress);
    return { qrSetupCodeImage: dataUrl, manualEntryKey: secret, enabled: false };
  }

  async enableTotp(claims: AccessClaims, input: { currentPassword: string; pin: string; address: string }): Promise<void> {
    await this.changeTotp(claims, input, true);
  }

  async disableTotp(claims: AccessClaims, input: { currentPassword: string; pin: string; address: string }): Promise<void> {
    await this.changeTotp(claims, input, false);
  }

  private async changeTotp(
    claims: AccessClaims,
    input: { currentPassword: string; pin: string; address: string },
    enable: boolean,
  ): Promise<void> {
    const ok = await this.withOwnAccount(claims, async (tx, account) => {
      const sealed = enable ? (account.totpEnabled ? null : account.totpPendingSecret) : account.totpEnabled ? account.totpSecret : null;
      const passwordOk = await this.checkOwnPassword(tx, account, input.currentPassword);
      let step: number | null = null;
      if (passwordOk && sealed) {
        step = await checkTotp(decryptSecret(sealed, this.deps.totpKey), input.pin, enable ? null : account.totpLastStep);
        if (step === null) await this.registerFailure(tx, account);
      }
      const success = passwordOk && step !== null;
      if (success) {
        await tx
          .update(accounts)
          .set(
            enable
              ? { totpSecret: sealed, totpPendingSecret: null, totpEnabled: true, totpLastStep: step }
              : { totpSecret: null, totpPendingSecret: null, totpEnabled: false, totpLastStep: null },
          )
          .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
      }
      await writeAudit(tx, {
        action: enable ? 'TotpEnable' : 'TotpDisable',
        outcome: success ? 'Success' : 'Failure',
        accountId: account.id,
        clientId: account.clientId,
        address: input.address,
      });
      return success;
    });
    if (!ok) throw badRequest(feedback.twoFactorFailed);
  }

  // ---- helpers ----------------------------------------------------------------------------------------

  private async throttleAddress(kind: string, address: string) {
    const { allowed, retryAfterSeconds } = await hitRateLimit(
      this.deps.db,
      `${kind}:${address}`,
      this.deps.addressLimit,
      authTimes.addressWindowSeconds,
    );
    if (!allowed) throw tooManyRequests(retryAfterSeconds);
  }

  private async accountOwner(emailAddress: string): Promise<{ clientId: string; accountId: number } | null> {
    const result = await this.deps.db.execute<{ client_id: string; account_id: number }>(
      sql`select client_id, account_id from auth_account_owner(${emailAddress.trim()})`,
    );
    const row = result.rows[0];
    return row ? { clientId: row.client_id, accountId: Number(row.account_id) } : null;
  }

  private async lockAccount(tx: Tx, clientId: string, accountId: number, lock = true): Promise<Account> {
    const query = tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.clientId, clientId), eq(accounts.id, accountId)));
    const rows = lock ? await query.for('update') : await query;
    const account = rows[0];
    if (!account) throw unauthorized();
    return account;
  }

  /** The own account, locked against concurrent changes unless only read. */
  private withOwnAccount<T>(
    claims: AccessClaims,
    fn: (tx: Tx, account: Account) => Promise<T>,
    options: { readOnly?: boolean } = {},
  ): Promise<T> {
    return withTenant(this.deps.db, claims.clientId, async (tx) =>
      fn(tx, await this.lockAccount(tx, claims.clientId, claims.accountId, !options.readOnly)),
    );
  }

  /** The own password, as asked again before a security change; counts toward the account's lock. */
  private async checkOwnPassword(tx: Tx, account: Account, password: string): Promise<boolean> {
    if (account.lockedUntil && account.lockedUntil > new Date()) return false;
    const ok = await verifyPassword(account.passwordHash, password);
    if (!ok) await this.registerFailure(tx, account);
    return ok;
  }

  private async registerFailure(tx: Tx, account: Account) {
    const failures = account.failedLoginCount + 1;
    const minutes = lockMinutes(failures);
    account.failedLoginCount = failures;
    await tx
      .update(accounts)
      .set({ failedLoginCount: failures, lockedUntil: minutes > 0 ? new Date(Date.now() + minutes * MINUTE) : null })
      .where(and(eq(accounts.clientId, account.clientId), eq(accounts.id, account.id)));
  }

  private async startSession(tx: Tx, account: Account): Promise<AuthData> {
    const expiresAt = new Date(Date.now() + authTimes.familyLifetimeMs);
    const [family] = await tx
      .insert(sessionFamilies)
      .values({ clientId: account.clientId, accountId: account.id, expiresAt })
      .returning({ id: sessionFamilies.id });
    if (!family) throw new Error('session not created');
    const refreshToken = await this.issueRefreshToken(tx, account.clientId, family.id, expiresAt);
    const accessToken = await this.deps.tokens.sign({
      accountId: account.id,
      clientId: account.clientId,
      isAdministrator: account.pharmacistType === 'Administrator',
      familyId: family.id,
    });
    return { accessToken, refreshToken, userInfo: userInfoOf(account) };
  }

  private async issueRefreshToken(tx: Tx, clientId: string, familyId: string, familyExpiresAt: Date): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(Math.min(Date.now() + authTimes.refreshIdleMs, familyExpiresAt.getTime()));
    await tx.insert(refreshTokens).values({ clientId, tokenHash: hashToken(token), familyId, expiresAt });
    return token;
  }

  private async issueOneTimeToken(tx: Db, account: Account, purpose: OneTimePurpose, lifetimeMs: number): Promise<string> {
    // A new link replaces the ones sent before.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.clientId, account.clientId),
          eq(oneTimeTokens.accountId, account.id),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    const token = randomToken();
    await tx.insert(oneTimeTokens).values({
      clientId: account.clientId,
      tokenHash: hashToken(token),
      purpose,
      accountId: account.id,
      expiresAt: new Date(Date.now() + lifetimeMs),
    });
    return token;
  }

  /** Finds a usable one-time token (unused, unexpired, its account in the right state) and runs `fn` on it. */
  private async findOneTimeToken<T>(
    token: string,
    purpose: OneTimePurpose,
    fn: (tx: Tx, row: { clientId: string; accountId: number } | null) => Promise<T>,
  ): Promise<T | null> {
    const tokenHash = hashToken(token);
    const owner = await this.deps.db.execute<{ client_id: string | null }>(
      sql`select auth_one_time_token_owner(${tokenHash}, ${purpose}) as client_id`,
    );
    const clientId = owner.rows[0]?.client_id;
    if (!clientId) return null;
    return withTenant(this.deps.db, clientId, async (tx) => {
      const rows = await tx
        .select({ clientId: oneTimeTokens.clientId, accountId: oneTimeTokens.accountId, isActive: accounts.isActive })
        .from(oneTimeTokens)
        .innerJoin(accounts, and(eq(accounts.clientId, oneTimeTokens.clientId), eq(accounts.id, oneTimeTokens.accountId)))
        .where(
          and(
            eq(oneTimeTokens.clientId, clientId),
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        )
        .for('update', { of: oneTimeTokens });
      const row = rows[0];
      const usable = row && (purpose === 'Activation' ? !row.isActive : row.isActive) ? row : null;
      return fn(tx, usable ? { clientId: usable.clientId, accountId: usable.accountId } : null);
    });
  }

  /** Ends every session of an account but `keepFamilyId`. */
  async endSessions(tx: Tx, clientId: string, accountId: number, keepFamilyId: string | null, reason: string) {
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        and(
          eq(sessionFamilies.clientId, clientId),
          eq(sessionFamilies.accountId, accountId),
          isNull(sessionFamilies.revokedAt),
          ...(keepFamilyId ? [ne(sessionFamilies.id, keepFamilyId)] : []),
        ),
      );
  }
}

function userInfoOf(account: Account) {
  return { firstName: account.firstName, isAdministrator: account.pharmacistType === 'Administrator' };
}
