import { sql, type SQL } from 'drizzle-orm';
import type { PatientSearchResult } from '@portal/contract';
import type { Tx } from '../db/tenancy.js';

/**
 * The customer's patients matching `where` (on `patients p`), as forms and searches show them: name as
 * "first prefix last", birth date, and the facility (department). Row-level security hides every other
 * customer's patients; the caller filters on the customer too.
 */
export async function selectPatients(
  tx: Tx,
  where: SQL,
  options: { orderBy?: SQL; limit?: number } = {},
): Promise<PatientSearchResult[]> {
  const result = await tx.execute<{ id: number; name: string; birth_date: string; facility: string }>(sql`
    select p.id, concat_ws(' ', p.first_name, nullif(p.name_prefix, ''), p.last_name) as name,
           to_char(p.birth_date, 'YYYY-MM-DD') as birth_date, f.name as facility
    from patients p join facilities f on f.client_id = p.client_id and f.id = p.facility_id
    where ${where}
    ${options.orderBy ? sql`order by ${options.orderBy}` : sql``}
    ${options.limit !== undefined ? sql`limit ${options.limit}` : sql``}`);
  return result.rows.map((row) => ({
    patientId: row.id,
    patientName: row.name,
    birthDate: row.birth_date,
    facility: row.facility,
  }));
}
