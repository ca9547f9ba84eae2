import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { feedback, validation } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant, type Tx } from '../../db/tenancy.js';
import { accounts, oneTimeTokens } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mail.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { badRequest } from '../../lib/problems.js';
import { activationMail, passwordResetMail } from './auth.mails.js';
import { securityChangeMail, type BrowserFacts } from './sign-in-notices.js';
import {
  type Account,
  type AuthDeps,
  type OneTimePurpose,
  accountOwner,
  answerNoSoonerThan,
  auditAccount,
  authTimes,
  endSessions,
  lockAccount,
  throttleAddress,
} from './auth.shared.js';

type TokenPasswordInput = { token: string; password: string; address: string; browser: BrowserFacts };

/**
 * The two flows that set a password with a mailed one-time link: a password reset (an active account) and an
 * activation (a new, inactive account).
 */
export class PasswordResetService {
  constructor(private readonly deps: AuthDeps) {}

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
    await throttleAddress(this.deps, 'reset', input.address);
    const owner = await accountOwner(this.deps.db, input.emailAddress);
    if (!owner) {
      await writeAudit(this.deps.db, {
        action: 'PasswordResetRequest',
        outcome: 'Failure',
        address: input.address,
        details: { reason: 'unknown-account' },
      });
      return;
    }
    const queued = await withTenant(this.deps.db, owner.customerId, async (tx) => {
      const account = await lockAccount(tx, owner.customerId, owner.accountId);
      const active = account.isActive && account.passwordHash !== null;
      if (active) {
        const token = await this.issueOneTimeToken(tx, account, 'PasswordReset', authTimes.resetTokenMs);
        await enqueueMail(tx, passwordResetMail(account, `${this.deps.publicUrl}/auth/reset-password/update?token=${token}`));
      }
      await auditAccount(tx, account, {
        action: 'PasswordResetRequest',
        outcome: active ? 'Success' : 'Failure',
        address: input.address,
        ...(active ? {} : { details: { reason: 'inactive' } }),
      });
      return active;
    });
    if (queued) this.deps.mailQueued();
  }

  /** Creates the activation token of a new account and queues its mail, in the caller's transaction. */
  async queueActivation(tx: Db, account: Account): Promise<void> {
    const token = await this.issueOneTimeToken(tx, account, 'Activation', authTimes.activationTokenMs);
    await enqueueMail(tx, activationMail(account, `${this.deps.publicUrl}/auth/activate?token=${token}`));
  }

  async isOneTimeTokenValid(token: string, purpose: OneTimePurpose, address: string): Promise<boolean> {
    await throttleAddress(this.deps, 'token-check', address);
    const found = await this.findOneTimeToken(token, purpose, async (_tx, row) => row !== null);
    return found ?? false;
  }

  async resetPassword(input: TokenPasswordInput): Promise<void> {
    await this.setPasswordWithToken(input, 'PasswordReset');
  }

  async activateAccount(input: TokenPasswordInput): Promise<void> {
    await this.setPasswordWithToken(input, 'Activation');
  }

  private async setPasswordWithToken(input: TokenPasswordInput, purpose: OneTimePurpose): Promise<void> {
    await throttleAddress(this.deps, 'token-use', input.address);
    const title = purpose === 'Activation' ? feedback.activationFailed : feedback.resetFailed;
    const tokenField = purpose === 'Activation' ? 'activationToken' : 'passwordResetToken';
    const action = purpose === 'Activation' ? 'AccountActivation' : 'PasswordReset';
    if (isCommonPassword(input.password)) throw badRequest(validation.commonPassword, { password: [validation.commonPassword] });
    const passwordHash = await hashPassword(input.password);
    const done = await this.findOneTimeToken(input.token, purpose, async (tx, row) => {
      if (!row) return false;
      const now = new Date();
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.customerId, row.customerId), eq(oneTimeTokens.accountId, row.accountId), isNull(oneTimeTokens.usedAt)));
      const [account] = await tx
        .update(accounts)
        .set({
          passwordHash,
          passwordChangedAt: now,
          failedLoginCount: 0,
          lockedUntil: null,
          ...(purpose === 'Activation' ? { isActive: true } : {}),
        })
        .where(and(eq(accounts.customerId, row.customerId), eq(accounts.id, row.accountId)))
        .returning({ customerId: accounts.customerId, id: accounts.id, emailAddress: accounts.emailAddress, firstName: accounts.firstName });
      await endSessions(tx, row.customerId, row.accountId, null, purpose === 'Activation' ? 'activation' : 'password-reset');
      // A reset is told to the account's owner, as a change under Beveiliging is: it may not have been them.
      if (account && purpose === 'PasswordReset') await enqueueMail(tx, securityChangeMail(account, 'passwordReset', now, input.browser, input.address));
      await auditAccount(tx, { id: row.accountId, customerId: row.customerId }, { action, outcome: 'Success', address: input.address });
      return true;
    });
    if (!done) {
      await writeAudit(this.deps.db, { action, outcome: 'Failure', address: input.address, details: { reason: 'invalid-token' } });
      throw badRequest(title, { [tokenField]: [title] });
    }
    if (purpose === 'PasswordReset') this.deps.mailQueued();
  }

  private async issueOneTimeToken(tx: Db, account: Account, purpose: OneTimePurpose, lifetimeMs: number): Promise<string> {
    // A new link replaces the ones sent before.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.customerId, account.customerId),
          eq(oneTimeTokens.accountId, account.id),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    const token = randomToken();
    await tx.insert(oneTimeTokens).values({
      customerId: account.customerId,
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
    fn: (tx: Tx, row: { customerId: string; accountId: number } | null) => Promise<T>,
  ): Promise<T | null> {
    const tokenHash = hashToken(token);
    const owner = await this.deps.db.execute<{ client_id: string | null }>(
      sql`select auth_one_time_token_owner(${tokenHash}, ${purpose}) as client_id`,
    );
    const customerId = owner.rows[0]?.client_id;
    if (!customerId) return null;
    return withTenant(this.deps.db, customerId, async (tx) => {
      const rows = await tx
        .select({ customerId: oneTimeTokens.customerId, accountId: oneTimeTokens.accountId, isActive: accounts.isActive })
        .from(oneTimeTokens)
        .innerJoin(accounts, and(eq(accounts.customerId, oneTimeTokens.customerId), eq(accounts.id, oneTimeTokens.accountId)))
        .where(
          and(
            eq(oneTimeTokens.customerId, customerId),
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        )
        .for('update', { of: oneTimeTokens });
      const row = rows[0];
      const usable = row && (purpose === 'Activation' ? !row.isActive : row.isActive) ? row : null;
      return fn(tx, usable ? { customerId: usable.customerId, accountId: usable.accountId } : null);
    });
  }
}
