import { sql, type SQL } from 'drizzle-orm';
import type { AuditPatient } from '../../lib/audit.js';

/** A patient once, however many rows name them: by our id, else by the provider's key, else by name and birth date. */
const identity = (patient: AuditPatient) =>
  patient.id !== null ? `id:${patient.id}` : patient.key !== null ? `key:${patient.key}` : `name:${patient.name ?? ''}|${patient.birthDate ?? ''}`;

const distinct = (patients: AuditPatient[]) => [...new Map(patients.map((patient) => [identity(patient), patient])).values()];

/**
 * A reader of the audit trail (the customer's access log, the back-office's audit viewer) that also gathers whose
 * data it showed: the patients its rows name, from the snapshots the rows keep (`a.patients`), as its rows are made.
 * Reading the log is an access to those patients too (NEN 7513), so the reader's own row names them. One per call.
 */
export function showingPatients<T extends { select: SQL; toRow: (raw: Record<string, unknown>) => unknown }>(table: T) {
  const shown: AuditPatient[] = [];
  const read: T = {
    ...table,
    select: sql`${table.select}, a.patients as shown_patients`,
    toRow: (raw) => {
      shown.push(...((raw.shown_patients as AuditPatient[] | null) ?? []));
      return table.toRow(raw);
    },
  };
  return { table: read, patients: () => distinct(shown) };
}

/** Every patient the audit rows of `scope` (over `audit_log a`) name: what a file of those rows will show. */
export async function patientsIn(tx: { execute: (query: SQL) => Promise<{ rows: unknown[] }> }, scope: SQL): Promise<AuditPatient[]> {
  const result = await tx.execute(sql`
    select distinct p.value as patient from audit_log a cross join lateral jsonb_array_elements(a.patients) p where ${scope}`);
  return distinct((result.rows as { patient: AuditPatient }[]).map((row) => row.patient));
}
