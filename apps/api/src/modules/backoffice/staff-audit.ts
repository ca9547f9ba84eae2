import { writeAudit, type AuditEntry } from '../../lib/audit.js';
import type { StaffTx } from './staff-tx.js';

export type StaffAuditEntry = Omit<AuditEntry, 'accountId' | 'integrationClientId'> & { staffId: number | null };

/**
 * One audit row of the back-office door (NEN 7513): which staff member, on behalf of which customer, which
 * patients, from where, with what outcome. Written in the act's own transaction (the role may only insert).
 */
export async function staffAudit(tx: StaffTx, entry: StaffAuditEntry): Promise<void> {
  await writeAudit(tx, entry);
}
