import { sql } from 'drizzle-orm';
import { backofficeOwnCalls as own } from '@portal/contract';
import type { BackofficeDoor } from '../../doors/backoffice.js';

/** A staff member's own choice of the inbox's daily overview by mail (issue 30.6): theirs alone to set. */
export function registerOwnSettings(door: BackofficeDoor): void {
  door.read(own.getSettings, async ({ tx, principal }) => {
    const result = await tx.execute<{ digest_mails: boolean }>(sql`select digest_mails from staff_accounts where id = ${principal.staff.id}`);
    return { digestMails: result.rows[0]?.digest_mails ?? false };
  });
  door.call(own.setSettings, async ({ body, tx, principal, audit }) => {
    await tx.execute(sql`update staff_accounts set digest_mails = ${body.digestMails} where id = ${principal.staff.id}`);
    await audit({ action: 'Backoffice.OwnSettings', objectType: 'StaffAccount', objectId: String(principal.staff.id), details: { digestMails: body.digestMails } });
  });
}
