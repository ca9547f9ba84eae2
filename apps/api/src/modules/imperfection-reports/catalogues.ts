import { sql } from 'drizzle-orm';
import {
  apeldoornCategories,
  oosterwoldeRequiredField,
  type AlkmaarDropdownData,
  type ApeldoornDropdownData,
  type DropdownOption,
  type OosterwoldeCatalogue,
  type OosterwoldeRequiredField,
} from '@portal/contract';
import type { Db } from '../../db/database.js';

/**
 * The provider's catalogues of the imperfection forms (migration 0008). They are the same for every customer,
 * so they are read outside a customer's transaction.
 */

const requiredFields = oosterwoldeRequiredField.array();

export async function readOosterwoldeCatalogue(db: Db): Promise<OosterwoldeCatalogue> {
  const result = await db.execute<{
    subject: string;
    subject_label: string;
    id: number | null;
    name: string | null;
    label: string | null;
    required_fields: string[] | null;
  }>(sql`
    select s.name as subject, s.label as subject_label, f.id, f.name, f.label, f.required_fields
    from imperfection_subjects s left join imperfection_faults f on f.subject = s.name
    order by s.sort_order, s.name, f.sort_order, f.id`);
  const subjects: OosterwoldeCatalogue['subjects'] = [];
  for (const row of result.rows) {
    let subject = subjects.at(-1);
    if (subject?.name !== row.subject) {
      subject = { name: row.subject, label: row.subject_label, faults: [] };
      subjects.push(subject);
    }
    if (row.id !== null && row.name !== null && row.label !== null) {
      subject.faults.push({
        id: row.id,
        name: row.name,
        label: row.label,
        requiredFields: requiredFields.parse(row.required_fields ?? []),
      });
    }
  }
  return { subjects };
}

export interface CatalogueSubject {
  name: string;
  label: string;
}

export interface CatalogueFault {
  id: number;
  name: string;
  label: string;
  subject: string;
  requiredFields: OosterwoldeRequiredField[];
}

/** The subject and the fault a report names, each null when the catalogue has no such entry. */
export async function findOosterwoldeChoice(
  db: Db,
  subjectName: string,
  faultName: string,
): Promise<{ subject: CatalogueSubject | null; fault: CatalogueFault | null }> {
  const [subjects, faults] = await Promise.all([
    db.execute<{ name: string; label: string }>(sql`select name, label from imperfection_subjects where name = ${subjectName}`),
    db.execute<{ id: number; name: string; label: string; subject: string; required_fields: string[] }>(
      sql`select id, name, label, subject, required_fields from imperfection_faults where name = ${faultName}`,
    ),
  ]);
  const fault = faults.rows[0];
  return {
    subject: subjects.rows[0] ?? null,
    fault: fault
      ? { id: fault.id, name: fault.name, label: fault.label, subject: fault.subject, requiredFields: requiredFields.parse(fault.required_fields) }
      : null,
  };
}

export type DropdownForm = 'Apeldoorn' | 'Alkmaar';

/** The choices of one form's dropdowns, by list and category ('' for lists that have none). */
export class DropdownLists {
  private readonly byList = new Map<string, DropdownOption[]>();

  constructor(rows: readonly { list: string; category: string; value: string; label: string }[]) {
    for (const row of rows) {
      const key = DropdownLists.key(row.list, row.category);
      const options = this.byList.get(key) ?? [];
      options.push({ value: row.value, label: row.label });
      this.byList.set(key, options);
    }
  }

  private static key(list: string, category: string) {
    return `${list}\u0000${category}`;
  }

  options(list: string, category = ''): DropdownOption[] {
    return this.byList.get(DropdownLists.key(list, category)) ?? [];
  }

  /** The Dutch label of a value, or undefined when the list does not hold it. */
  label(list: string, value: string, category = ''): string | undefined {
    return this.options(list, category).find((option) => option.value === value)?.label;
  }
}

export async function readDropdownLists(db: Db, form: DropdownForm): Promise<DropdownLists> {
  const result = await db.execute<{ list: string; category: string; value: string; label: string }>(sql`
    select list, category, value, label from dropdown_options
    where form = ${form}
    order by list, category, sort_order, value`);
  return new DropdownLists(result.rows);
}

export function apeldoornDropdownData(lists: DropdownLists): ApeldoornDropdownData {
  return {
    feedbackMessage: lists.options('feedbackMessage'),
    complaintCategories: lists.options('complaintCategories'),
    complaintKinds: Object.fromEntries(
      apeldoornCategories.options.map((category) => [category, lists.options('complaintKinds', category)]),
    ) as ApeldoornDropdownData['complaintKinds'],
    additionalInformation: lists.options('additionalInformation'),
    originFaultDiscovered: lists.options('originFaultDiscovered'),
  };
}

export function alkmaarDropdownData(lists: DropdownLists): AlkmaarDropdownData {
  return {
    feedbackMessage: lists.options('feedbackMessage'),
    discovererComplaint: lists.options('discovererComplaint'),
    natureComplaint: lists.options('natureComplaint'),
  };
}
