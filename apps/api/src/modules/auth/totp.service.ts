import { and, eq } from 'drizzle-orm';
import { feedback } from '@portal/contract';
import { accounts } from '../../db/schema.js';
import { decryptSecret, encryptSecret, type AccessClaims } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mail.js';
import { badRequest } from '../../lib/problems.js';
import { BackupCodeHasher, remainingBackupCodes } from './backup-codes.js';
import { securityChangeMail, type BrowserFacts } from './sign-in-notices.js';
import { checkTotp, newTotpSecret, totpSetupImage } from './totp.js';
import { type AuthDeps, auditAccount, checkOwnPassword, registerFailure, turnTotpOff, withOwnAccount } from './auth.shared.js';

type TotpChange = { currentPassword: string; pin: string; address: string; browser: BrowserFacts };

/** A logged-in user sets up, turns on and turns off two-factor login (TOTP). */
export class TotpService {
  private readonly backupCodes: BackupCodeHasher;

  constructor(private readonly deps: AuthDeps) {
    this.backupCodes = new BackupCodeHasher(deps.totpKey);
  }

  async isTotpEnabled(claims: AccessClaims): Promise<boolean> {
    return withOwnAccount(this.deps.db, claims, async (_tx, account) => account.totpEnabled, { readOnly: true });
  }

  async totpSetup(claims: AccessClaims, address: string) {
    const secret = newTotpSecret();
    const result = await withOwnAccount(this.deps.db, claims, async (tx, account) => {
      if (account.totpEnabled) return null;
      await tx
        .update(accounts)
        .set({ totpPendingSecret: encryptSecret(secret, this.deps.totpKey) })
        .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
      await auditAccount(tx, account, { action: 'TotpSetup', outcome: 'Success', address });
      return account;
    });
    if (!result) throw badRequest(feedback.twoFactorFailed);
    const { dataUrl } = await totpSetupImage(secret, result.emailAddress);
    return { qrSetupCodeImage: dataUrl, manualEntryKey: secret, enabled: false };
  }

  async enableTotp(claims: AccessClaims, input: TotpChange): Promise<void> {
    await this.changeTotp(claims, input, true);
  }

  async disableTotp(claims: AccessClaims, input: TotpChange): Promise<void> {
    await this.changeTotp(claims, input, false);
  }

  private async changeTotp(claims: AccessClaims, input: TotpChange, enable: boolean): Promise<void> {
    const ok = await withOwnAccount(this.deps.db, claims, async (tx, account) => {
      const sealed = enable ? (account.totpEnabled ? null : account.totpPendingSecret) : account.totpEnabled ? account.totpSecret : null;
      const passwordOk = await checkOwnPassword(tx, account, input.currentPassword);
      let step: number | null = null;
      if (passwordOk && sealed) {
        step = await checkTotp(decryptSecret(sealed, this.deps.totpKey), input.pin, enable ? null : account.totpLastStep);
        if (step === null) await registerFailure(tx, account);
      }
      const success = passwordOk && step !== null;
      if (success && enable) {
        await tx
          .update(accounts)
          .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabled: true, totpLastStep: step })
          .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
      } else if (success) {
        await turnTotpOff(tx, account);
      }
      if (success) await enqueueMail(tx, securityChangeMail(account, enable ? 'totpOn' : 'totpOff', new Date(), input.browser, input.address));
      await auditAccount(tx, account, {
        action: enable ? 'TotpEnable' : 'TotpDisable',
        outcome: success ? 'Success' : 'Failure',
        address: input.address,
      });
      return success;
    });
    if (!ok) throw badRequest(feedback.twoFactorFailed);
    this.deps.mailQueued();
  }

  /** How many unused backup codes the own account has (issue 13). */
  async backupCodeStatus(claims: AccessClaims): Promise<{ remaining: number }> {
    return withOwnAccount(this.deps.db, claims, async (tx, account) => ({ remaining: await remainingBackupCodes(tx, account) }), {
      readOnly: true,
    });
  }

  /**
   * A new set of ten backup codes, the old set gone; asks the password again, as every security change does, and
   * needs two-factor login on. The codes are answered this once.
   */
  async createBackupCodes(claims: AccessClaims, input: { currentPassword: string; address: string; browser: BrowserFacts }): Promise<{ codes: string[] }> {
    const codes = await withOwnAccount(this.deps.db, claims, async (tx, account) => {
      const allowed = account.totpEnabled && (await checkOwnPassword(tx, account, input.currentPassword));
      const made = allowed ? await this.backupCodes.replace(tx, account) : null;
      if (made) await enqueueMail(tx, securityChangeMail(account, 'backupCodes', new Date(), input.browser, input.address));
      await auditAccount(tx, account, { action: 'BackupCodesCreate', outcome: made ? 'Success' : 'Failure', address: input.address });
      return made;
    });
    if (!codes) throw badRequest(feedback.backupCodesFailed);
    this.deps.mailQueued();
    return { codes };
  }
}
