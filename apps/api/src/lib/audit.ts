import type { Db } from '../db/database.js';
import { isTenantTx, withTenant, type Tx } from '../db/tenancy.js';
import { auditLog } from '../db/schema.js';

export type AuditAction =
  | 'Login'
  | 'LoginTotp'
  | 'Logout'
  | 'TokenRefresh'
  | 'TokenReuseDetected'
  | 'PasswordChange'
  | 'PasswordResetRequest'
  | 'PasswordReset'
  | 'AccountActivation'
  | 'TotpSetup'
  | 'TotpEnable'
  | 'TotpDisable'
  | (string & {});

/** A patient as the accessor saw it, kept in the row so a later change or delete of the patient alters nothing. */
export interface AuditPatient {
  id: number | null;
  key: string | null;
  name: string | null;
  birthDate: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  outcome: 'Success' | 'Failure';
  /** Who acted: at most one of the three; none means the system itself. */
  accountId?: number | null;
  staffId?: number | null;
  integrationClientId?: string | null;
  customerId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  objectReference?: string | null;
  /** Patients still present: the row snapshots them as they are at the moment of writing. */
  patientIds?: number[] | null;
  /** Patients given explicitly: about to be deleted, or known only by the provider's key. */
  patients?: AuditPatient[] | null;
  address?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * One append-only audit row (NEN 7513: when, what, outcome, who on behalf of which customer, which patient
 * or object, from where). Written inside the transaction of the act itself where there is one, so the act and
 * its trace stand or fall together.
 */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  // Row-level security lets the app write a customer's audit row only in that customer's transaction: a row
  // written outside one (a refused upload, a download not found) gets a transaction of its own.
  if (entry.customerId && !isTenantTx(db)) {
    const customerId = entry.customerId;
    await withTenant(db, customerId, (tx) => writeAudit(tx, entry));
    return;
  }
  await db.insert(auditLog).values({
    action: entry.action,
    outcome: entry.outcome,
    accountId: entry.accountId ?? null,
    customerId: entry.customerId ?? null,
    objectType: entry.objectType ?? null,
    objectId: entry.objectId ?? null,
    patientIds: entry.patientIds ?? null,
    address: entry.address ?? null,
    details: entry.details ?? null,
  });
}
