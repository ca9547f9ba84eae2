import { sql, type SQL } from 'drizzle-orm';
import { auditActionLabels, auditActionsMatching, auditTableDefaults, itemReference, type AuditColumn, type AuditFilters, type AuditRow } from '@portal/contract';
import { containsPattern, type TableDefinition } from '../../lib/tables.js';

/** Who acted, as the row holds it; the contract calls a customer's account a Customer. */
const actorKind = sql`case a.actor_kind when 'Account' then 'Customer' else a.actor_kind end`;
const actorName = sql`coalesce(a.actor_name || coalesce(' (' || a.actor_email || ')', ''), a.actor_email)`;
/** 'Anna de Vries (193)', the patients as the act saw them, by number alone when no name was known. */
const patientLabels = sql`(select coalesce(array_agg(coalesce(p->>'name' || ' (' || coalesce(p->>'id', p->>'key') || ')', p->>'id', p->>'key') order by ord), '{}')
  from jsonb_array_elements(a.patients) with ordinality as e(p, ord))`;

/**
 * The object as a person knows it, where the row allows it: the name the row kept (a file's), the customer the row
 * kept when the object is that customer; an item's reference is read from the item (its kind and the year it came
 * in never change), found by the row's customer and the item's number.
 */
const objectName = sql`case
    when a.object_reference is not null then a.object_reference
    when a.object_type = 'Customer' and a.object_id = a.actor_customer_id::text and a.actor_customer_name is not null
      then a.actor_customer_name || coalesce(' (' || a.actor_customer_code || ')', '')
  end`;
const numbered = sql`a.object_id ~ '^[0-9]{1,9}$'`;
const item = sql`case
    when a.object_type in ('FormSubmission', 'Submission') and ${numbered} then (select json_build_object('itemKind', 'Submission', 'kind', s.kind, 'at', s.created_at)
      from form_submissions s where s.client_id = a.client_id and s.id = a.object_id::int)
    when a.object_type = 'ServiceProductOrder' and ${numbered} then (select json_build_object('itemKind', 'ServiceOrder', 'kind', 'ServiceProductOrder', 'at', o.created_at)
      from service_product_orders o where o.client_id = a.client_id and o.id = a.object_id::int)
  end`;

type ItemOfRow = { itemKind: 'Submission' | 'ServiceOrder'; kind: string; at: string } | null;

/** Rows whose action's code or Dutch phrase contains the text. */
function actionContains(text: string, pattern: string): SQL {
  return sql`(portal_fold(a.action) like ${pattern} or a.action = any(${sql.param(auditActionsMatching(text))}::text[]))`;
}

/** The action filter: a known code (the screen's choice) exactly, as 'Login' is no 'Staff.Login'; other text as a part. */
const actionFilter = (text: string): SQL => (auditActionLabels[text] ? sql`a.action = ${text}` : actionContains(text, containsPattern(text)));

/**
 * The audit trail of every door as the Beheerder reads it (issue 12): across customers, newest first, each row
 * as it was written (issue 28): who, for which customer and which patients are read from the row itself.
 */
export const auditLogTable: Omit<TableDefinition<AuditColumn, AuditRow>, 'ownRows'> = {
  sortColumns: { at: sql`a.at`, action: sql`a.action`, outcome: sql`a.outcome` },
  defaults: auditTableDefaults,
  tieBreaker: sql`a.id`,
  from: sql`audit_log a`,
  search: (pattern, term) => sql`${actionContains(term, pattern)} or portal_fold(a.actor_customer_name) like ${pattern}
    or portal_fold(a.actor_customer_code) like ${pattern} or portal_fold(${actorName}) like ${pattern}
    or portal_fold(coalesce(a.object_id, '')) like ${pattern}`,
  select: sql`a.id, a.at, a.action, a.outcome, ${actorKind} as actor_kind, ${actorName} as actor_name, a.actor_role,
    a.actor_customer_code as client_code, a.actor_customer_name as client_name, a.object_type, a.object_id,
    ${objectName} as object_name, ${item} as item,
    host(a.address) as address, a.details::text as details, ${patientLabels} as patients`,
  toRow: (r) => {
    const ofItem = r.item as ItemOfRow;
    return {
      id: Number(r.id),
      at: new Date(r.at as string | Date).toISOString(),
      action: String(r.action),
      outcome: String(r.outcome),
      actorKind: r.actor_kind as AuditRow['actorKind'],
      actorName: (r.actor_name as string | null) ?? null,
      actorRole: (r.actor_role as string | null) ?? null,
      customerCode: (r.client_code as string | null) ?? null,
      customerName: (r.client_name as string | null) ?? null,
      patients: (r.patients as string[] | null) ?? [],
      objectType: (r.object_type as string | null) ?? null,
      objectId: (r.object_id as string | null) ?? null,
      objectName: ofItem ? itemReference({ ...ofItem, id: Number(r.object_id), receivedAt: ofItem.at }) : ((r.object_name as string | null) ?? null),
      address: (r.address as string | null) ?? null,
      details: (r.details as string | null) ?? null,
    };
  },
};

/** The filters as one condition (the period in Dutch days: from 00:00 of `from` to the end of `until`). */
export function auditScope(filters: AuditFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.customer) {
    const p = containsPattern(filters.customer);
    parts.push(sql`(portal_fold(a.actor_customer_code) like ${p} or portal_fold(a.actor_customer_name) like ${p})`);
  }
  if (filters.patient) {
    const number = /^\d{1,9}$/.test(filters.patient) ? Number(filters.patient) : null;
    const p = containsPattern(filters.patient);
    parts.push(sql`exists (select 1 from jsonb_array_elements(a.patients) e
      where ${number === null ? sql`false` : sql`e->>'id' = ${String(number)}`} or portal_fold(e->>'name') like ${p} or portal_fold(e->>'key') like ${p})`);
  }
  if (filters.actorKind) parts.push(sql`${actorKind} = ${filters.actorKind}`);
  if (filters.actor) parts.push(sql`portal_fold(coalesce(${actorName}, '')) like ${containsPattern(filters.actor)}`);
  if (filters.action) parts.push(actionFilter(filters.action));
  if (filters.from) parts.push(sql`a.at >= (${filters.from}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filters.until) parts.push(sql`a.at < (${filters.until}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  return sql.join(parts, sql` and `);
}
