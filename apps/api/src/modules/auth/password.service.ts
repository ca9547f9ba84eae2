import { and, eq } from 'drizzle-orm';
import { feedback, validation } from '@portal/contract';
import { accounts } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { enqueueMail } from '../../lib/mail.js';
import { badRequest } from '../../lib/problems.js';
import { securityChangeMail, type BrowserFacts } from './sign-in-notices.js';
import { type AuthDeps, auditAccount, checkOwnPassword, endSessions, withOwnAccount } from './auth.shared.js';

/** A logged-in user changes the own password (the current one asked again). */
export class PasswordService {
  constructor(private readonly deps: AuthDeps) {}

  async changePassword(
    claims: AccessClaims,
    input: { currentPassword: string; newPassword: string; address: string; browser: BrowserFacts },
  ): Promise<void> {
    if (isCommonPassword(input.newPassword)) {
      throw badRequest(validation.commonPassword, { newPassword: [validation.commonPassword] });
    }
    const newHash = await hashPassword(input.newPassword);
    const ok = await withOwnAccount(this.deps.db, claims, async (tx, account) => {
      const passwordOk = await checkOwnPassword(tx, account, input.currentPassword);
      if (passwordOk) {
        await tx
          .update(accounts)
          .set({ passwordHash: newHash, passwordChangedAt: new Date() })
          .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
        // The session that made the change lives on; every other one ends.
        await endSessions(tx, account.customerId, account.id, claims.familyId, 'password-change');
        await enqueueMail(tx, securityChangeMail(account, 'password', new Date(), input.browser, input.address));
      }
      await auditAccount(tx, account, { action: 'PasswordChange', outcome: passwordOk ? 'Success' : 'Failure', address: input.address });
      return passwordOk;
    });
    if (!ok) throw badRequest(feedback.passwordChangeFailed, { currentPassword: [feedback.passwordChangeFailed] });
    this.deps.mailQueued();
  }
}
