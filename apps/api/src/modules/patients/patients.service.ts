import { sql, type SQL } from 'drizzle-orm';
import { patientSearch, type PatientSearchResult } from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import { containsPattern, fold } from '../../lib/tables.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { searchTerms, type SearchTerm } from './search-terms.js';

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

/** The folded full name; filtered among the customer's own patients (see migration 0009 for why no index). */
const foldedFullName = sql`portal_fold(p.first_name || ' ' || coalesce(p.name_prefix, '') || ' ' || p.last_name)`;

function condition(term: SearchTerm): SQL {
  switch (term.kind) {
    case 'name':
      // Two characters find a name part that is exactly them (the product's validation rules: 'Li', 'Bo', or the prefix 'de'),
      // not every name that contains them.
      if ([...term.text].length <= 2) {
        const exact = fold(term.text);
        return sql`(portal_fold(p.first_name) = ${exact} or portal_fold(coalesce(p.name_prefix, '')) = ${exact}
                    or portal_fold(p.last_name) = ${exact})`;
      }
      return sql`${foldedFullName} like ${containsPattern(term.text)}`;
    case 'date':
      return sql`p.birth_date = ${term.date}::date`;
    case 'dayMonth':
      return sql`(extract(month from p.birth_date) = ${term.month} and extract(day from p.birth_date) = ${term.day})`;
    case 'year':
      return sql`p.birth_date >= make_date(${term.year}, 1, 1) and p.birth_date < make_date(${term.year} + 1, 1, 1)`;
    case 'impossible':
      return sql`false`;
  }
}

/**
 * The customer's patients matching every part of the typed text (name parts accent- and case-insensitive,
 * birth dates as Dutch users type them), at most patientSearch.maxResults, in the order of the read screens:
 * last name, first name (Dutch collation), birth date, id. Every search is audited with the text and the
 * patients it showed.
 */
export async function searchPatients({ tx, claims, audit }: UnitOfWork, search: string): Promise<PatientSearchResult[]> {
  const terms = searchTerms(search);
  const where = sql.join([sql`p.client_id = ${claims.customerId}`, ...terms.map(condition)], sql` and `);
  const found = terms.length
    ? await selectPatients(tx, where, {
        orderBy: sql`p.last_name collate portal_sort, p.first_name collate portal_sort, p.birth_date, p.id`,
        limit: patientSearch.maxResults,
      })
    : [];
  await audit({
    action: 'PatientSearch',
    objectType: 'Patient',
    patientIds: found.map((p) => p.patientId),
    details: { query: search, results: found.length },
  });
  return found;
}
