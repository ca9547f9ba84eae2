import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { backofficeText, feedback, validation, type StaffMember, type StaffRole, type StaffSession } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { staffAccounts, staffSessions } from '../../db/schema.js';
import { decryptSecret, encryptSecret, hashToken, randomToken } from '../../lib/crypto.js';
import { checkCredentials, verifyPassword } from '../../lib/passwords.js';
import { HttpProblem, badRequest, fieldError, fieldErrors, unauthorized } from '../../lib/problems.js';
import { answerNoSoonerThan, authTimes, lockMinutes, throttleAddress } from '../auth/auth.shared.js';
import { checkTotp, newTotpSecret, totpSetupImage } from '../auth/totp.js';
import type { StaffTokens, StaffClaims } from './staff-tokens.js';
import { withStaff, type StaffActor, type StaffTx } from './staff-tx.js';
import { staffAudit } from './staff-audit.js';

export type StaffAccount = typeof staffAccounts.$inferSelect;

type TotpEnableInput = { pin: string; currentPassword?: string | undefined; currentPin?: string | undefined; address: string };

export interface StaffAuthDeps {
  db: Db;
  tokens: StaffTokens;
  totpKey: Buffer;
  addressLimit: number;
}

const MINUTE = 60_000;
export const staffTimes = { sessionMs: 12 * 60 * MINUTE, idleMs: 60 * MINUTE, invitationMs: 7 * 24 * 60 * MINUTE } as const;

/** One more failed attempt on the account: after the fifth, each locks it longer (the customers' steps). */
async function registerFailure(tx: StaffTx, staff: StaffAccount): Promise<void> {
  staff.failedLoginCount += 1;
  const minutes = lockMinutes(staff.failedLoginCount);
  await tx
    .update(staffAccounts)
    .set({ failedLoginCount: staff.failedLoginCount, lockedUntil: minutes > 0 ? new Date(Date.now() + minutes * MINUTE) : null })
    .where(eq(staffAccounts.id, staff.id));
}

const loginFailed = () => badRequest(backofficeText.loginFailed);
// Said only after the password was right, as on the customers' login (issue 13): the code was wrong or used.
const codeWrong = () => new HttpProblem(400, feedback.loginCodeWrong, { pin: [feedback.loginCodeWrong] });

export const staffMemberOf = (s: StaffAccount): StaffMember => ({
  id: s.id,
  emailAddress: s.emailAddress,
  firstName: s.firstName,
  middleName: s.middleName,
  lastName: s.lastName,
  role: s.role as StaffRole,
});

export const staffName = (s: Pick<StaffAccount, 'firstName' | 'middleName' | 'lastName'>) =>
  [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');

/**
 * The provider staff's accounts and sessions (issue 12): a password, and two-factor login that every account
 * must have (set up on the first login: until then the session opens only the set-up calls). Invitations are
 * StaffInvitations' (staff-invitations.ts).
 */
export class StaffAccountService {
  constructor(private readonly deps: StaffAuthDeps) {}

  async login(input: { emailAddress: string; password: string; pin?: string | undefined; address: string }): Promise<StaffSession> {
    const started = Date.now();
    try {
      return await this.checkLogin(input);
    } catch (error) {
      await answerNoSoonerThan(started);
      throw error;
    }
  }

  private async checkLogin(input: { emailAddress: string; password: string; pin?: string | undefined; address: string }): Promise<StaffSession> {
    await throttleAddress(this.deps, 'staff-login', input.address);
    const outcome = await withStaff(this.deps.db, null, async (tx) => {
      const [staff] = await tx
        .select()
        .from(staffAccounts)
        .where(sql`lower(${staffAccounts.emailAddress}) = lower(${input.emailAddress.trim()})`)
        .for('update');
      const fail = async (reason: string, countsAsFailure = true) => {
        if (staff && countsAsFailure) await registerFailure(tx, staff);
        await staffAudit(tx, {
          action: 'Staff.Login',
          outcome: 'Failure',
          staffId: staff?.id ?? null,
          address: input.address,
          details: { reason, ...(staff ? {} : { emailAddress: input.emailAddress.slice(0, 254) }) },
        });
        return { kind: 'failed' as const, reason };
      };
      const checked = await checkCredentials(staff ?? null, input.password);
      if (!staff || checked !== 'ok') return fail(checked, checked === 'wrong-password');
      let step: number | null = null;
      if (staff.totpSecret) {
        if (!input.pin) return { kind: 'totp-required' as const };
        step = await checkTotp(decryptSecret(staff.totpSecret, this.deps.totpKey), input.pin, staff.totpLastStep);
        if (step === null) return fail('wrong-code');
      }
      await tx
        .update(staffAccounts)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date(), ...(step !== null ? { totpLastStep: step } : {}) })
        .where(eq(staffAccounts.id, staff.id));
      const session = await this.startSession(tx, staff, staff.totpSecret ? 'Full' : 'Setup');
      await staffAudit(tx, { action: 'Staff.Login', outcome: 'Success', staffId: staff.id, address: input.address });
      return { kind: 'ok' as const, session };
    });
    if (outcome.kind === 'totp-required') throw new HttpProblem(409, validation.codeRequired, { pin: [validation.codeRequired] });
    if (outcome.kind === 'failed') throw outcome.reason === 'wrong-code' ? codeWrong() : loginFailed();
    return outcome.session;
  }

  private async startSession(tx: StaffTx, staff: StaffAccount, stage: 'Setup' | 'Full'): Promise<StaffSession> {
    const refreshToken = randomToken();
    const [row] = await tx
      .insert(staffSessions)
      .values({ staffId: staff.id, stage, refreshHash: hashToken(refreshToken), expiresAt: new Date(Date.now() + staffTimes.sessionMs) })
      .returning({ id: staffSessions.id });
    if (!row) throw new Error('staff session not created');
    return this.sessionAnswer(staff, row.id, stage, refreshToken);
  }

  private async sessionAnswer(staff: StaffAccount, sessionId: string, stage: 'Setup' | 'Full', refreshToken: string): Promise<StaffSession> {
    const accessToken = await this.deps.tokens.sign({ staffId: staff.id, sessionId, stage, role: staff.role as StaffRole });
    return { accessToken, refreshToken, staff: staffMemberOf(staff), needsTotpSetup: stage === 'Setup' };
  }

  /** A new access token for a live session: not revoked, not past 12 hours, used within the last 60 minutes. */
  async refresh(refreshToken: string, address: string): Promise<StaffSession> {
    await throttleAddress(this.deps, 'staff-refresh', address);
    const answer = await withStaff(this.deps.db, null, async (tx) => {
      const [row] = await tx
        .select({ session: staffSessions, staff: staffAccounts })
        .from(staffSessions)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.refreshHash, hashToken(refreshToken)),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, sql`now()`),
            gt(staffSessions.lastUsedAt, sql`now() - make_interval(secs => ${staffTimes.idleMs / 1000})`),
            eq(staffAccounts.isActive, true),
          ),
        );
      if (!row) return null;
      await tx.update(staffSessions).set({ lastUsedAt: new Date() }).where(eq(staffSessions.id, row.session.id));
      return this.sessionAnswer(row.staff, row.session.id, row.session.stage as 'Setup' | 'Full', refreshToken);
    });
    if (!answer) throw unauthorized();
    return answer;
  }

  /**
   * The live session of a token's claims, used now: what the guard checks on every call. Answers the staff
   * member as the database has it now (role, active), or null when the session or account has ended.
   */
  async liveSession(claims: StaffClaims): Promise<StaffAccount | null> {
    return withStaff(this.deps.db, null, async (tx) => {
      const rows = await tx.execute<{ id: number }>(sql`
        update staff_sessions s set last_used_at = now()
        from staff_accounts a
        where s.id = ${claims.sessionId} and s.staff_id = ${claims.staffId} and a.id = s.staff_id
          and s.revoked_at is null and s.expires_at > now() and s.stage = ${claims.stage}
          and s.last_used_at > now() - make_interval(secs => ${staffTimes.idleMs / 1000}) and a.is_active
        returning a.id`);
      if (!rows.rows[0]) return null;
      const [staff] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, claims.staffId));
      return staff ?? null;
    });
  }

  async logout(claims: StaffClaims, address: string): Promise<void> {
    await withStaff(this.deps.db, { staffId: claims.staffId, role: claims.role }, async (tx) => {
      await tx.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, claims.sessionId));
      await staffAudit(tx, { action: 'Staff.Logout', outcome: 'Success', staffId: claims.staffId, address });
    });
  }

  /** A new pending two-factor secret, shown as a QR code. */
  async totpSetup(claims: StaffClaims) {
    const secret = newTotpSecret();
    const staff = await withStaff(this.deps.db, { staffId: claims.staffId, role: claims.role }, async (tx) => {
      const [row] = await tx
        .update(staffAccounts)
        .set({ totpPendingSecret: encryptSecret(secret, this.deps.totpKey) })
        .where(eq(staffAccounts.id, claims.staffId))
        .returning();
      return row;
    });
    if (!staff) throw unauthorized();
    const image = await totpSetupImage(secret, `Beheer: ${staff.emailAddress}`);
    return { secret, qrCodeDataUrl: image.dataUrl, uri: image.uri };
  }

  /**
   * Confirms the pending secret with a code; the session becomes a full one (a new access token). Replacing an
   * authenticator in use asks what only its owner has (issue 26.3), as the customers' door does: the password and
   * a current code of that authenticator. The first set-up (no factor yet) needs the new code alone.
   */
  async totpEnable(claims: StaffClaims, input: TotpEnableInput): Promise<StaffSession> {
    const actor: StaffActor = { staffId: claims.staffId, role: claims.role };
    const outcome = await withStaff(this.deps.db, actor, async (tx) => {
      const [staff] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, claims.staffId)).for('update');
      if (!staff?.totpPendingSecret) return null;
      const failed = async (reason: string) => {
        await staffAudit(tx, { action: 'Staff.TotpEnable', outcome: 'Failure', staffId: staff.id, address: input.address, details: { reason } });
        return reason;
      };
      if (staff.totpSecret) {
        const { currentPassword, currentPin } = input;
        if (!currentPassword || !currentPin) return { missing: { currentPassword: !currentPassword, currentPin: !currentPin } };
        const refusal = await this.checkOwner(tx, staff, currentPassword, currentPin);
        if (refusal) return failed(refusal);
      }
      const step = await checkTotp(decryptSecret(staff.totpPendingSecret, this.deps.totpKey), input.pin, null);
      if (step === null) return failed('wrong-new-code');
      const [updated] = await tx
        .update(staffAccounts)
        .set({ totpSecret: staff.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
        .where(eq(staffAccounts.id, staff.id))
        .returning();
      // Every other session of the account ends; this one becomes a full one, with a new refresh secret.
      await tx.update(staffSessions).set({ revokedAt: new Date() }).where(and(eq(staffSessions.staffId, staff.id), isNull(staffSessions.revokedAt)));
      await staffAudit(tx, {
        action: 'Staff.TotpEnable',
        outcome: 'Success',
        staffId: staff.id,
        address: input.address,
        ...(staff.totpSecret ? { details: { replaced: true } } : {}),
      });
      return updated ? this.startSession(tx, updated, 'Full') : null;
    });
    if (outcome === 'wrong-new-code') throw fieldError('pin', backofficeText.wrongCode);
    if (typeof outcome === 'string') throw badRequest(feedback.twoFactorFailed);
    if (outcome && 'missing' in outcome) {
      throw fieldErrors({
        ...(outcome.missing.currentPassword ? { currentPassword: validation.passwordRequired } : {}),
        ...(outcome.missing.currentPin ? { currentPin: validation.codeRequired } : {}),
      });
    }
    if (!outcome) throw badRequest(backofficeText.totpSetupRequired);
    return outcome;
  }

  /**
   * The owner's proof for a change of their second factor: the password (while the account is not locked) and a
   * code of the authenticator in use, not used before. A wrong one counts as a failed login. Answers why not, or null.
   */
  private async checkOwner(tx: StaffTx, staff: StaffAccount, password: string, pin: string): Promise<string | null> {
    if (staff.lockedUntil && staff.lockedUntil > new Date()) return 'locked';
    if (!(await verifyPassword(staff.passwordHash, password))) {
      await registerFailure(tx, staff);
      return 'wrong-password';
    }
    const step = await checkTotp(decryptSecret(staff.totpSecret!, this.deps.totpKey), pin, staff.totpLastStep);
    if (step === null) {
      await registerFailure(tx, staff);
      return 'wrong-code';
    }
    return null;
  }
}

export { authTimes };
