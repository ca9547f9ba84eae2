import { and, eq } from 'drizzle-orm';
import { feedback, validation, type AuthData } from '@portal/contract';
import { withTenant, type Tx } from '../../db/tenancy.js';
import { accounts, sessionFamilies } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { decryptSecret } from '../../lib/crypto.js';
import { checkCredentials } from '../../lib/passwords.js';
import { HttpProblem, badRequest } from '../../lib/problems.js';
import { BackupCodeHasher, remainingBackupCodes } from './backup-codes.js';
import { noteBrowser, type BrowserFacts } from './sign-in-notices.js';
import { checkTotp } from './totp.js';
import {
  type Account,
  type AuthDeps,
  accountOwner,
  answerNoSoonerThan,
  auditAccount,
  authTimes,
  issueRefreshToken,
  lockAccount,
  registerFailure,
  signAccess,
  throttleAddress,
  userInfoOf,
} from './auth.shared.js';

const loginFailed = () => badRequest(feedback.loginFailed);
// Said only after the password was right: the code itself was wrong, or used already.
const codeWrong = () => new HttpProblem(400, feedback.loginCodeWrong, { pin: [feedback.loginCodeWrong] });
const backupCodeWrong = () => new HttpProblem(400, feedback.loginBackupCodeWrong, { backupCode: [feedback.loginBackupCodeWrong] });
const totpRequired = () => new HttpProblem(409, validation.codeRequired, { pin: [validation.codeRequired] });

/** `pin`: a TOTP code; `backupCode`: one of the account's backup codes instead (issue 13). */
type LoginInput = { emailAddress: string; password: string; pin?: string; backupCode?: string; address: string; browser: BrowserFacts };

/** Login with a password, and with a two-factor code where the account has one. */
export class LoginService {
  private readonly backupCodes: BackupCodeHasher;

  constructor(private readonly deps: AuthDeps) {
    this.backupCodes = new BackupCodeHasher(deps.totpKey);
  }

  /**
   * A failed login is answered no sooner than authTimes.answerFloorMs after it arrived, whether the address has an
   * account or not (an unknown address skips the account's transaction and would otherwise answer sooner).
   */
  async login(input: LoginInput): Promise<AuthData> {
    const started = Date.now();
    try {
      return await this.checkLogin(input);
    } catch (error) {
      await answerNoSoonerThan(started);
      throw error;
    }
  }

  private async checkLogin(input: LoginInput): Promise<AuthData> {
    const { db } = this.deps;
    await throttleAddress(this.deps, 'login', input.address);
    const owner = await accountOwner(db, input.emailAddress);
    if (!owner) {
      await checkCredentials(null, input.password);
      await writeAudit(db, {
        action: 'Login',
        outcome: 'Failure',
        address: input.address,
        details: { reason: 'unknown-account', emailAddress: input.emailAddress.slice(0, 254) },
      });
      throw loginFailed();
    }
    const action = input.backupCode !== undefined ? 'LoginBackupCode' : input.pin ? 'LoginTotp' : 'Login';
    const outcome = await withTenant(db, owner.customerId, async (tx) => {
      const account = await lockAccount(tx, owner.customerId, owner.accountId);
      const fail = async (reason: string, countsAsFailure = true) => {
        if (countsAsFailure) await registerFailure(tx, account);
        await auditAccount(tx, account, {
          action,
          outcome: 'Failure',
          address: input.address,
          details: { reason },
        });
        return { kind: 'failed' as const, reason };
      };
      const checked = await checkCredentials(account, input.password);
      if (checked !== 'ok') return fail(checked, checked === 'wrong-password');
      let totpStep: number | null = null;
      let backupCodesLeft: number | null = null;
      if (account.totpEnabled && account.totpSecret) {
        if (input.backupCode !== undefined) {
          if (!(await this.backupCodes.use(tx, account, input.backupCode))) return fail('wrong-backup-code');
          backupCodesLeft = await remainingBackupCodes(tx, account);
        } else if (!input.pin) {
          await auditAccount(tx, account, {
            action: 'Login',
            outcome: 'Failure',
            address: input.address,
            details: { reason: 'totp-required' },
          });
          return { kind: 'totp-required' as const };
        } else {
          totpStep = await checkTotp(decryptSecret(account.totpSecret, this.deps.totpKey), input.pin, account.totpLastStep);
          if (totpStep === null) return fail('wrong-code');
        }
      }
      await tx
        .update(accounts)
        .set({
          failedLoginCount: 0,
          lockedUntil: null,
          lastLoginAt: new Date(),
          ...(totpStep !== null ? { totpLastStep: totpStep } : {}),
        })
        .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
      const auth = await this.startSession(tx, account, { secondFactor: totpStep !== null || backupCodesLeft !== null, ...input });
      await auditAccount(tx, account, {
        action,
        outcome: 'Success',
        address: input.address,
        ...(backupCodesLeft !== null ? { details: { backupCodesLeft } } : {}),
      });
      const mailed = await noteBrowser(tx, account, input.browser, input.address, new Date());
      return { kind: 'ok' as const, auth, mailed };
    });
    if (outcome.kind === 'totp-required') throw totpRequired();
    if (outcome.kind === 'failed') {
      if (outcome.reason === 'wrong-code') throw codeWrong();
      if (outcome.reason === 'wrong-backup-code') throw backupCodeWrong();
      throw loginFailed();
    }
    if (outcome.mailed) this.deps.mailQueued();
    return outcome.auth;
  }

  /** A new session of the account, with what the session list shows of it: browser, address, times. */
  private async startSession(
    tx: Tx,
    account: Account,
    started: { secondFactor: boolean; browser: BrowserFacts; address: string },
  ): Promise<AuthData> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + authTimes.familyLifetimeMs);
    const [family] = await tx
      .insert(sessionFamilies)
      .values({
        customerId: account.customerId,
        accountId: account.id,
        expiresAt,
        secondFactor: started.secondFactor,
        userAgent: started.browser.userAgent,
        address: started.address,
        lastUsedAt: now,
      })
      .returning({ id: sessionFamilies.id });
    if (!family) throw new Error('session not created');
    const refreshToken = await issueRefreshToken(tx, account.customerId, family.id, expiresAt);
    const accessToken = await signAccess(this.deps.tokens, account, family.id);
    return { accessToken, refreshToken, userInfo: userInfoOf(account) };
  }
}
