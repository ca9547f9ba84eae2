import { sql } from 'drizzle-orm';
import { tableDefaults, type Pharmacist, type PharmacistTableColumn, type PharmacistType } from '@portal/contract';
import { fold, type TableDefinition } from '../../lib/tables.js';

/** The words a search for an account type may use: the stored code and the Dutch name on the screens. */
const typeWords: Record<PharmacistType, string[]> = {
  Administrator: ['administrator', 'beheerder'],
  Employee: ['employee', 'medewerker'],
};

/** The account types one of whose words contains the folded search term. */
export function pharmacistTypesMatching(foldedTerm: string): PharmacistType[] {
  return (Object.keys(typeWords) as PharmacistType[]).filter((type) => typeWords[type].some((word) => fold(word).includes(foldedTerm)));
}

/** The accounts (staff) of the own customer. */
export const pharmacistTable: TableDefinition<PharmacistTableColumn, Pharmacist> = {
  sortColumns: {
    accountId: sql`a.id`,
    emailAddress: sql`lower(a.email_address) collate portal_sort`,
    firstName: sql`a.first_name collate portal_sort`,
    middleName: sql`a.middle_name collate portal_sort`,
    lastName: sql`a.last_name collate portal_sort`,
    pharmacistType: sql`a.pharmacist_type`,
    isActive: sql`a.is_active`,
  },
  defaults: tableDefaults.pharmacists,
  tieBreaker: sql`a.id`,
  from: sql`accounts a`,
  ownRows: (customerId) => sql`a.client_id = ${customerId}`,
  search: (pattern, term) => {
    // The same expression as the trigram index accounts_search.
    const byText = sql`portal_fold(a.first_name || coalesce(' ' || a.middle_name, '') || ' ' || a.last_name || ' ' || a.email_address) like ${pattern}`;
    const types = pharmacistTypesMatching(term);
    return types.length ? sql`${byText} or a.pharmacist_type = any(${sql.param(types)}::text[])` : byText;
  },
  select: sql`a.id, a.email_address, a.first_name, a.middle_name, a.last_name, a.pharmacist_type, a.is_active,
    a.password_hash is null as invited`,
  toRow: (r) => ({
    accountId: Number(r.id),
    emailAddress: String(r.email_address),
    firstName: String(r.first_name),
    middleName: r.middle_name === null ? null : String(r.middle_name),
    lastName: String(r.last_name),
    pharmacistType: r.pharmacist_type as PharmacistType,
    isActive: Boolean(r.is_active),
    invited: Boolean(r.invited),
  }),
};
