import { sql, type SQL } from 'drizzle-orm';
import { auditTableDefaults, type AuditColumn, type AuditFilters, type AuditRow } from '@portal/contract';
import { containsPattern, type TableDefinition } from '../../lib/tables.js';

/** Who acted, from the row's columns: staff, a customer's account, an integration client, or nobody (the portal). */
const actorKind = sql`case when a.staff_id is not null then 'Staff' when a.account_id is not null then 'Customer'
  when a.action like 'Integration.%' then 'Integration' else 'System' end`;
const actorName = sql`coalesce(
  concat_ws(' ', s.first_name, s.middle_name, s.last_name) || ' (' || s.email_address || ')',
  concat_ws(' ', acc.first_name, acc.middle_name, acc.last_name) || ' (' || acc.email_address || ')',
  ic.name)`;

/** The audit trail of every door as the Beheerder reads it (issue 12): across customers, newest first. */
export const auditLogTable: Omit<TableDefinition<AuditColumn, AuditRow>, 'ownRows'> = {
  sortColumns: { at: sql`a.at`, action: sql`a.action`, outcome: sql`a.outcome` },
  defaults: auditTableDefaults,
  tieBreaker: sql`a.id`,
  from: sql`audit_log a
    left join clients c on c.id = a.client_id
    left join staff_accounts s on s.id = a.staff_id
    left join accounts acc on acc.client_id = a.client_id and acc.id = a.account_id
    left join integration_clients ic on a.object_type = 'IntegrationClient' and ic.id::text = a.object_id`,
  search: (pattern) => sql`portal_fold(a.action) like ${pattern} or portal_fold(c.name) like ${pattern}
    or portal_fold(c.client_code) like ${pattern} or portal_fold(${actorName}) like ${pattern}
    or portal_fold(coalesce(a.object_id, '')) like ${pattern}`,
  select: sql`a.id, a.at, a.action, a.outcome, ${actorKind} as actor_kind, ${actorName} as actor_name,
    c.client_code, c.name as client_name, a.object_type, a.object_id, host(a.address) as address, a.details::text as details,
    (select coalesce(array_agg(concat_ws(' ', p.first_name, p.name_prefix, p.last_name) || ' (' || p.id || ')' order by p.id), '{}')
       from patients p where p.client_id = a.client_id and p.id = any(a.patient_ids)) as patients`,
  toRow: (r) => ({
    id: Number(r.id),
    at: new Date(r.at as string | Date).toISOString(),
    action: String(r.action),
    outcome: String(r.outcome),
    actorKind: r.actor_kind as AuditRow['actorKind'],
    actorName: (r.actor_name as string | null) ?? null,
    customerCode: (r.client_code as string | null) ?? null,
    customerName: (r.client_name as string | null) ?? null,
    patients: (r.patients as string[] | null) ?? [],
    objectType: (r.object_type as string | null) ?? null,
    objectId: (r.object_id as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    details: (r.details as string | null) ?? null,
  }),
};

/** The filters as one condition (the period in Dutch days: from 00:00 of `from` to the end of `until`). */
export function auditScope(filters: AuditFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.customer) {
    const p = containsPattern(filters.customer);
    parts.push(sql`(portal_fold(c.client_code) like ${p} or portal_fold(c.name) like ${p})`);
  }
  if (filters.patient) {
    const number = /^\d{1,9}$/.test(filters.patient) ? Number(filters.patient) : null;
    const p = containsPattern(filters.patient);
    parts.push(sql`exists (select 1 from patients p where p.client_id = a.client_id and p.id = any(a.patient_ids)
      and (${number === null ? sql`false` : sql`p.id = ${number}`}
        or portal_fold(concat_ws(' ', p.first_name, p.name_prefix, p.last_name)) like ${p}))`);
  }
  if (filters.actorKind) parts.push(sql`${actorKind} = ${filters.actorKind}`);
  if (filters.actor) parts.push(sql`portal_fold(coalesce(${actorName}, '')) like ${containsPattern(filters.actor)}`);
  if (filters.action) parts.push(sql`portal_fold(a.action) like ${containsPattern(filters.action)}`);
  if (filters.from) parts.push(sql`a.at >= (${filters.from}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filters.until) parts.push(sql`a.at < (${filters.until}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  return sql.join(parts, sql` and `);
}
