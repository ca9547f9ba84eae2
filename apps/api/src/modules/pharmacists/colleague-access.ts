import { and, eq } from 'drizzle-orm';
import { validation } from '@portal/contract';
import { accounts } from '../../db/schema.js';
import { fieldErrors } from '../../lib/problems.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { totpResetMail } from '../auth/auth.mails.js';
import { turnTotpOff } from '../auth/auth.shared.js';
import type { AuthService } from '../auth/auth.service.js';
import { lockAccount, refusal } from './pharmacists.service.js';

/** An administrator's help to a colleague who cannot get in (issue 13): the invitation again, two-factor login reset. */
type Auth = Pick<AuthService, 'queueActivation' | 'endSessions'>;

/**
 * A colleague's two-factor login reset (the phone is lost): off, the secret gone, every session ended, a mail to
 * them naming who did it. They log in with their password and set it up again. Never one's own account.
 */
export async function resetColleagueTotp({ tx, claims, audit, mail }: UnitOfWork, auth: Auth, accountId: number): Promise<void> {
  audit.onRefusal(refusal('PharmacistTotpReset', accountId));
  if (accountId === claims.accountId) throw fieldErrors({ accountId: validation.cannotResetOwnTotp });
  const target = await lockAccount(tx, claims.customerId, accountId);
  if (!target.totpEnabled) throw fieldErrors({ accountId: validation.totpNotEnabled });
  await turnTotpOff(tx, target);
  await auth.endSessions(tx, claims.customerId, target.id, null, 'totp-reset');
  const [admin] = await tx
    .select({ firstName: accounts.firstName, middleName: accounts.middleName, lastName: accounts.lastName })
    .from(accounts)
    .where(and(eq(accounts.customerId, claims.customerId), eq(accounts.id, claims.accountId)));
  const adminName = admin ? [admin.firstName, admin.middleName, admin.lastName].filter(Boolean).join(' ') : 'De administrator';
  await mail(totpResetMail(target, adminName));
  await audit({ action: 'PharmacistTotpReset', objectType: 'Account', objectId: String(target.id), details: {} });
}

/**
 * A new activation mail for an account that was invited and has not set its password yet (the old link stops
 * working, the new one has the same lifetime). Refused for an account that is activated already.
 */
export async function resendInvitation({ tx, claims, audit }: UnitOfWork, auth: Auth, accountId: number): Promise<void> {
  audit.onRefusal(refusal('PharmacistInvitationResend', accountId));
  const target = await lockAccount(tx, claims.customerId, accountId);
  if (target.passwordHash !== null) throw fieldErrors({ accountId: validation.accountAlreadyActivated });
  await auth.queueActivation(tx, target);
  await audit({ action: 'PharmacistInvitationResend', objectType: 'Account', objectId: String(target.id), details: {} });
}
