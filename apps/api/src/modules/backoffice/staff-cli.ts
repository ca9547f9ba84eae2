import type { StaffRole } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { staffAudit } from './staff-audit.js';
import { StaffInvitations } from './staff-invitations.js';
import { withStaff } from './staff-tx.js';

/**
 * Makes a staff account by command (the first Beheerder: nobody can invite yet) and queues its invitation;
 * answers the invitation's link as well, for a provider that has no mail set up yet.
 */
export async function createStaffMember(
  database: Database,
  config: Pick<Config, 'PUBLIC_URL' | 'AUTH_RATE_LIMIT_PER_ADDRESS'>,
  input: { emailAddress: string; firstName: string; middleName: string | null; lastName: string; role: StaffRole },
): Promise<{ id: number; link: string }> {
  const invitations = new StaffInvitations({ db: database.db, publicUrl: config.PUBLIC_URL, addressLimit: config.AUTH_RATE_LIMIT_PER_ADDRESS });
  return withStaff(database.db, null, async (tx) => {
    const { staff, link } = await invitations.invite(tx, input);
    await staffAudit(tx, { action: 'Staff.Invite', outcome: 'Success', staffId: null, objectType: 'Staff', objectId: String(staff.id), details: { by: 'command', role: staff.role } });
    return { id: staff.id, link };
  });
}
