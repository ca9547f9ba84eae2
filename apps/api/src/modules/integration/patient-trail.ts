import { sql, type SQL } from 'drizzle-orm';
import { writeAudit, type AuditPatient } from '../../lib/audit.js';
import type { ImportKind, ImportMode } from '@portal/contract';
import type { IntegrationTx } from './integration-tx.js';

// NEN 7513 for the provider's systems: each patient a batch writes or deletes is named in the trail, with the client
// that sent it, the customer, the operation and the patient's key, findable by patient in both logs.

/** What of a batch its patients' audit rows name: who sent it, from where, and what it did. */
interface BatchOfPatients {
  kind: ImportKind;
  mode: ImportMode;
  source: 'api' | 'cli';
  integrationClientId: string | null;
  address: string | null;
}

const actorOf = (request: BatchOfPatients, customerId: string | null) => ({
  outcome: 'Success' as const,
  integrationClientId: request.integrationClientId,
  customerId,
  objectType: 'Patient',
  address: request.address,
  details: { integrationClientId: request.integrationClientId, source: request.source, operation: request.mode },
});

/** The patients a batch wrote (inserted or updated), by our ids: the row keeps each one's key, name and birth date. */
export async function auditPatientsWritten(tx: IntegrationTx, request: BatchOfPatients, customerId: string | null, written: Map<string, number | string>) {
  if (request.kind !== 'patients' || written.size === 0) return;
  await writeAudit(tx, { action: 'Integration.PatientsWritten', ...actorOf(request, customerId), patientIds: [...written.values()].map(Number) });
}

/**
 * Runs `remove` (a delete list's or a snapshot's deletion of `customerId`'s rows) and, for patients, names each
 * patient it deleted as the patient was just before: the snapshot is taken first, since the row it would be read
 * from is gone afterwards. `which` narrows the customer's patients (`p`) to those `remove` may delete.
 */
export async function deletingPatients<T>(tx: IntegrationTx, request: BatchOfPatients, customerId: string | null, which: SQL, remove: () => Promise<T>): Promise<T> {
  if (request.kind !== 'patients' || customerId === null) return remove();
  const before = await tx.execute<{ id: number; key: string | null; name: string; birth_date: string }>(sql`
    select p.id, p.external_key as key, concat_ws(' ', p.first_name, nullif(p.name_prefix, ''), p.last_name) as name,
           to_char(p.birth_date, 'YYYY-MM-DD') as birth_date
    from patients p where p.client_id = ${customerId} and ${which}`);
  const result = await remove();
  const ids = before.rows.map((row) => Number(row.id));
  if (ids.length) {
    const left = await tx.execute<{ id: number }>(sql`select id from patients where client_id = ${customerId} and id = any(${sql.param(ids)}::int[])`);
    const kept = new Set(left.rows.map((row) => Number(row.id)));
    const gone: AuditPatient[] = before.rows
      .filter((row) => !kept.has(Number(row.id)))
      .map((row) => ({ id: Number(row.id), key: row.key, name: row.name, birthDate: row.birth_date }));
    if (gone.length) await writeAudit(tx, { action: 'Integration.PatientsDeleted', ...actorOf(request, customerId), patients: gone });
  }
  return result;
}
