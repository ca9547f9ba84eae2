import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { backofficeText, validation, type StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { staffAccounts, staffInvitations } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { enqueueMail, type OutgoingMail } from '../../lib/mail.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { badRequest, fieldError } from '../../lib/problems.js';
import { linkMail } from '../auth/auth.mails.js';
import { throttleAddress } from '../auth/auth.shared.js';
import { staffTimes, type StaffAccount } from './staff-accounts.js';
import { staffAudit } from './staff-audit.js';
import { withStaff, type StaffTx } from './staff-tx.js';

export interface StaffInvitationDeps {
  db: Db;
  publicUrl: string;
  addressLimit: number;
}

const invitationMail = (to: StaffAccount, link: string): OutgoingMail =>
  linkMail(
    to,
    'Uw account voor Mijn Spits Beheer',
    'U bent uitgenodigd voor Mijn Spits Beheer, de omgeving waarin de medewerkers van Mijn Spits de klanten helpen.',
    'Kies uw wachtwoord via deze link',
    link,
    'De link is 7 dagen geldig en werkt één keer. Bij de eerste keer inloggen stelt u tweestapsverificatie in.',
  );

/**
 * Invitations of the provider's staff (issue 12): a link to choose the password, 7 days. Only the newest link of an
 * account works, once, and only while the account has no password yet (issue 26.2): an old link in a mailbox
 * must never become a way to take over an account that is in use.
 */
export class StaffInvitations {
  constructor(private readonly deps: StaffInvitationDeps) {}

  /** Makes a staff account and mails its invitation (the first Beheerder by command, others by a Beheerder). */
  async invite(
    tx: StaffTx,
    input: { emailAddress: string; firstName: string; middleName?: string | null | undefined; lastName: string; role: StaffRole },
  ): Promise<{ staff: StaffAccount; link: string }> {
    const [existing] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(sql`lower(${staffAccounts.emailAddress}) = lower(${input.emailAddress})`);
    if (existing) throw fieldError('emailAddress', backofficeText.emailInUse);
    const [staff] = await tx
      .insert(staffAccounts)
      .values({
        emailAddress: input.emailAddress,
        firstName: input.firstName,
        middleName: input.middleName || null,
        lastName: input.lastName,
        role: input.role,
      })
      .returning();
    if (!staff) throw new Error('staff account not created');
    return { staff, link: await this.send(tx, staff) };
  }

  /** Mails a new link; every link sent before it stops working. */
  async send(tx: StaffTx, staff: StaffAccount): Promise<string> {
    await endLinks(tx, staff.id);
    const token = randomToken();
    await tx.insert(staffInvitations).values({ tokenHash: hashToken(token), staffId: staff.id, expiresAt: new Date(Date.now() + staffTimes.invitationMs) });
    const link = `${this.deps.publicUrl}/beheer/uitnodiging?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, invitationMail(staff, link));
    return link;
  }

  async accept(input: { token: string; password: string; address: string }): Promise<void> {
    await throttleAddress(this.deps, 'staff-invitation', input.address);
    if (isCommonPassword(input.password)) throw fieldError('password', validation.commonPassword);
    const passwordHash = await hashPassword(input.password);
    const ok = await withStaff(this.deps.db, null, async (tx) => {
      const [invitation] = await tx
        .select({ staffId: staffInvitations.staffId })
        .from(staffInvitations)
        .where(and(eq(staffInvitations.tokenHash, hashToken(input.token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, sql`now()`)))
        .for('update');
      if (!invitation) return false;
      // The account's row decides, under its lock: two links used at once cannot both set a password.
      const [staff] = await tx
        .update(staffAccounts)
        .set({ passwordHash, failedLoginCount: 0, lockedUntil: null })
        .where(and(eq(staffAccounts.id, invitation.staffId), isNull(staffAccounts.passwordHash)))
        .returning({ id: staffAccounts.id });
      await endLinks(tx, invitation.staffId);
      await staffAudit(tx, {
        action: 'Staff.AcceptInvitation',
        outcome: staff ? 'Success' : 'Failure',
        staffId: invitation.staffId,
        address: input.address,
        ...(staff ? {} : { details: { reason: 'account-active' } }),
      });
      return staff !== undefined;
    });
    if (!ok) throw badRequest(backofficeText.invitationInvalid);
  }
}

/** Ends every link of the account still open: `used_at` marks a link that no longer works, used or replaced. */
async function endLinks(tx: StaffTx, staffId: number): Promise<void> {
  await tx
    .update(staffInvitations)
    .set({ usedAt: new Date() })
    .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
}
