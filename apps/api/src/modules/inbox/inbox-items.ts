import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { isImperfectionKind, type InboxItemKind, type InboxKind, type StaffRole } from '@portal/contract';
import { notFound } from '../../lib/problems.js';
import type { StaffTx } from '../backoffice/staff-tx.js';

/**
 * The inbox's items: every form submission and every service order, side by side as one relation. What a staff
 * member may see is narrowed twice: by the policies of portal_staff (app.staff_role) and by `visibleTo` here.
 */

/** The payload field that names the patient, per kind of submission that names one. */
export const patientFields: Partial<Record<InboxKind, string>> = {
  ImmediateProduct: 'patientId',
  Photo: 'patientId',
  Imperfection: 'patientId',
  ImperfectionOosterwolde: 'patientId',
  ImperfectionApeldoorn: 'patientId',
  ImperfectionAlkmaar: 'patientId',
};

/** The patient id a submission's payload names, or null; a value that is no id is no patient. */
function patientIdOf(kind: SQL, payload: SQL): SQL {
  const cases = Object.entries(patientFields).map(
    ([k, field]) =>
      sql`when ${k} then case when ${payload}->>${field} ~ '^[0-9]{1,9}$' then (${payload}->>${field})::int end`,
  );
  return sql`(case ${kind} ${sql.join(cases, sql` `)} end)`;
}

/** `(…) i`-able: item_kind, client_id, id, kind, account_id, submitter_name, submitter_email, patient_id, status, assignee_id, created_at, status_changed_at, payload */
export const inboxItems = sql`(
  select 'Submission'::text as item_kind, s.client_id, s.id, s.kind, s.account_id, s.submitter_name, s.submitter_email,
         ${patientIdOf(sql`s.kind`, sql`s.payload`)} as patient_id, s.status, s.assignee_id, s.created_at, s.status_changed_at, s.payload
  from form_submissions s
  union all
  select 'ServiceOrder'::text, o.client_id, o.id, 'ServiceOrder'::text, o.account_id, o.requester_name, o.requester_email,
         null::int, o.status, o.assignee_id, o.created_at, o.status_changed_at, null::jsonb
  from service_product_orders o
)`;

/** What a role may see of the items `i`: Kwaliteit the imperfection reports only, the others everything. */
export function visibleTo(role: StaffRole): SQL {
  return role === 'Kwaliteit' ? sql`(i.item_kind = 'Submission' and i.kind like 'Imperfection%')` : sql`true`;
}

/** Whether a role may see an item of this kind (the same rule as `visibleTo`). */
export function mayHandle(role: StaffRole, itemKind: InboxItemKind, kind: string): boolean {
  return role !== 'Kwaliteit' || (itemKind === 'Submission' && isImperfectionKind(kind));
}

/** A person's name as the portal writes it: 'Jan de Vries'. */
export const personName = (alias: string) =>
  sql.raw(`concat_ws(' ', ${alias}.first_name, nullif(${alias}.middle_name, ''), ${alias}.last_name)`);
export const patientName = (alias: string) =>
  sql.raw(`concat_ws(' ', ${alias}.first_name, nullif(${alias}.name_prefix, ''), ${alias}.last_name)`);

export interface InboxItem {
  itemKind: InboxItemKind;
  id: number;
  customerId: string;
  kind: string;
  accountId: number | null;
  submitterName: string | null;
  submitterEmail: string | null;
  patientId: number | null;
  status: string;
  assigneeId: number | null;
  createdAt: Date;
  statusChangedAt: Date | null;
}

interface ItemRow extends Record<string, unknown> {
  item_kind: InboxItemKind;
  id: number;
  client_id: string;
  kind: string;
  account_id: number | null;
  submitter_name: string | null;
  submitter_email: string | null;
  patient_id: number | null;
  status: string;
  assignee_id: number | null;
  created_at: Date | string;
  status_changed_at: Date | string | null;
}

const itemOf = (r: ItemRow): InboxItem => ({
  itemKind: r.item_kind,
  id: Number(r.id),
  customerId: r.client_id,
  kind: r.kind,
  accountId: r.account_id === null ? null : Number(r.account_id),
  submitterName: r.submitter_name,
  submitterEmail: r.submitter_email,
  patientId: r.patient_id === null ? null : Number(r.patient_id),
  status: r.status,
  assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
  createdAt: new Date(r.created_at),
  statusChangedAt: r.status_changed_at === null ? null : new Date(r.status_changed_at),
});

/**
 * One item the role may see; 404 for one it may not, or that does not exist. Without a role (an integration
 * client, whose scope decided) every item its transaction's policies show.
 */
export async function findItem(tx: StaffTx | Db, role: StaffRole | null, itemKind: InboxItemKind, id: number): Promise<InboxItem> {
  const result = await tx.execute<ItemRow>(sql`
    select * from ${inboxItems} i where i.item_kind = ${itemKind} and i.id = ${id} and ${role === null ? sql`true` : visibleTo(role)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return itemOf(row);
}

/** What the audit trail calls an item's kind of object. */
export const objectTypeOf = (itemKind: InboxItemKind) => (itemKind === 'Submission' ? 'FormSubmission' : 'ServiceProductOrder');

/** The table an item is kept in. */
export const itemTable = (itemKind: InboxItemKind) => sql.raw(itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders');

/**
 * The item again, locked for a change, once `forCustomer` has named its customer: two colleagues changing one
 * item at the same moment take turns, and the second sees the first's change.
 */
export async function lockItem(tx: Db, item: InboxItem): Promise<InboxItem> {
  const result = await tx.execute<{ status: string; assignee_id: number | null }>(sql`
    select status, assignee_id from ${itemTable(item.itemKind)}
    where client_id = ${item.customerId} and id = ${item.id} for update`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { ...item, status: row.status, assigneeId: row.assignee_id === null ? null : Number(row.assignee_id) };
}
