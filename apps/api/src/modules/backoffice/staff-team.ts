import { and, asc, eq, isNull } from 'drizzle-orm';
import { backofficeText, type StaffListItem, type StaffRole } from '@portal/contract';
import { staffAccounts, staffSessions } from '../../db/schema.js';
import { fieldError, notFound, badRequest, HttpProblem } from '../../lib/problems.js';
import { staffMemberOf, staffName } from './staff-accounts.js';
import type { StaffInvitations } from './staff-invitations.js';
import type { StaffUnitOfWork } from './staff-work.js';

/** A Beheerder's management of the staff accounts: list, invite, change role, switch off, reset two-factor login. */
export class StaffTeam {
  constructor(private readonly invitations: StaffInvitations) {}

  async list({ tx }: StaffUnitOfWork): Promise<StaffListItem[]> {
    const rows = await tx.select().from(staffAccounts).orderBy(asc(staffAccounts.lastName), asc(staffAccounts.firstName));
    return rows.map((s) => ({
      ...staffMemberOf(s),
      isActive: s.isActive,
      isInvited: s.passwordHash === null,
      hasTotp: s.totpSecret !== null,
      lastLoginAt: s.lastLoginAt?.toISOString() ?? null,
    }));
  }

  async colleagues({ tx }: StaffUnitOfWork) {
    const rows = await tx.select().from(staffAccounts).where(eq(staffAccounts.isActive, true)).orderBy(asc(staffAccounts.firstName));
    return rows.map((s) => ({ id: s.id, name: staffName(s), role: s.role as StaffRole }));
  }

  async invite(work: StaffUnitOfWork, body: { emailAddress: string; firstName: string; middleName?: string | null | undefined; lastName: string; role: StaffRole }) {
    const { staff } = await this.invitations.invite(work.tx, body);
    await work.audit({ action: 'Staff.Invite', objectType: 'Staff', objectId: String(staff.id), details: { role: staff.role } });
    return { id: staff.id };
  }

  private async find(work: StaffUnitOfWork, id: number) {
    const [staff] = await work.tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!staff) throw notFound();
    return staff;
  }

  async update(work: StaffUnitOfWork, body: { id: number; role: StaffRole; isActive: boolean }) {
    const staff = await this.find(work, body.id);
    if (staff.id === work.principal.staff.id && (body.role !== staff.role || !body.isActive)) throw badRequest(backofficeText.ownAccount);
    await work.tx.update(staffAccounts).set({ role: body.role, isActive: body.isActive }).where(eq(staffAccounts.id, staff.id));
    if (!body.isActive) await this.endSessions(work, staff.id);
    await work.audit({
      action: 'Staff.Update',
      objectType: 'Staff',
      objectId: String(staff.id),
      details: { role: body.role, isActive: body.isActive, before: { role: staff.role, isActive: staff.isActive } },
    });
  }

  /**
   * A colleague's second factor reset (the phone is lost): set up again at their next login. Never one's own
   * (issue 26.3): whoever holds a Beheerder's session would otherwise pass two-factor login with the password alone.
   */
  async resetTotp(work: StaffUnitOfWork, id: number) {
    work.audit.onRefusal((problem) => ({ action: 'Staff.TotpReset', objectType: 'Staff', objectId: String(id), details: { status: problem.status } }));
    if (id === work.principal.staff.id) throw new HttpProblem(403, backofficeText.ownTotp);
    const staff = await this.find(work, id);
    await work.tx.update(staffAccounts).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(staffAccounts.id, staff.id));
    await this.endSessions(work, staff.id);
    await work.audit({ action: 'Staff.TotpReset', objectType: 'Staff', objectId: String(staff.id) });
  }

  async resendInvitation(work: StaffUnitOfWork, id: number) {
    const staff = await this.find(work, id);
    if (staff.passwordHash !== null) throw fieldError('id', backofficeText.invitationAccepted);
    await this.invitations.send(work.tx, staff);
    await work.audit({ action: 'Staff.Invite', objectType: 'Staff', objectId: String(staff.id), details: { again: true } });
  }

  private async endSessions(work: StaffUnitOfWork, staffId: number) {
    await work.tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
  }
}
