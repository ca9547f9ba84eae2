import { sql, type SQL } from 'drizzle-orm';
import { defaultServiceHours, inboxKindLabels, inboxKinds, type InboxRow, inboxStatus, type InboxTableColumn, inboxTableDefaults, type InboxTableRequest, openInboxStatuses, referenceSearch } from '@portal/contract';
import type { ScopedTableDefinition } from '../../lib/tables.js';
import { inboxItems, patientName, personName } from './inbox-items.js';


/** The kinds in the order of their Dutch names: how the table sorts on kind. */
const kindsByLabel = [...inboxKinds].sort((a, b) => inboxKindLabels[a].localeCompare(inboxKindLabels[b], 'nl'));

const instant = (value: unknown) => new Date(value as string | Date).toISOString();

/** A roll request's "Uiterste ontvangstdatum", where its payload holds a real date. */
export const receiveDate = sql`(case when i.kind = 'ImmediateProduct' and pg_input_is_valid(i.payload->>'receiveDate', 'date') then (i.payload->>'receiveDate')::date end)`;

/**
 * When an item of `i` should be done (issue 30.5, decision 0089): a roll request by the start of its latest
 * receipt day (the rolls must be there by then), any other at its receipt plus its kind's service time (`svc`, the
 * Beheerder's, or the contract's default), in hours on the clock as the report counts them.
 */
export const dueAt = sql`coalesce(${receiveDate}::timestamp at time zone 'Europe/Amsterdam',
  i.created_at + make_interval(hours => coalesce(svc.hours, (${JSON.stringify(defaultServiceHours)}::jsonb ->> i.kind)::int, 0)))`;
/** Still open past its due moment at `moment` (a timestamptz). */
export const overdueAt = (moment: SQL) => sql`(i.status <> 'Archived' and ${dueAt} < ${moment})`;
/** Still open past its due moment now. */
export const overdue = overdueAt(sql`now()`);
/** Joins the service times as `svc` to the items `i`. */
export const serviceTimeJoin = sql`left join inbox_service_times svc on svc.kind = i.kind`;

/** Every customer's submissions and service orders, as the back-office inbox pages, sorts and searches them. */
export const inboxTable: ScopedTableDefinition<InboxTableColumn, InboxRow> = {
  sortColumns: {
    receivedAt: sql`i.created_at`,
    id: sql`i.id`,
    kind: sql`array_position(${sql.param(kindsByLabel)}::text[], i.kind)`,
    clientName: sql`c.name collate portal_sort`,
    submitterName: sql`i.submitter_name collate portal_sort`,
    patientName: sql`(p.last_name || ' ' || p.first_name) collate portal_sort`,
    // The order a status passes through, not the alphabet of its label.
    status: sql`array_position(${sql.param([...inboxStatus.options])}::text[], i.status)`,
    assigneeName: sql`${personName('st')} collate portal_sort`,
    dueAt,
  },
  defaults: inboxTableDefaults,
  // Submissions and orders have numbers of their own: the pair is the key, as one value.
  tieBreaker: sql`(i.id::bigint * 2 + (i.item_kind = 'ServiceOrder')::int)`,
  from: sql`${inboxItems} i
    join clients c on c.id = i.client_id
    left join patients p on p.client_id = i.client_id and p.id = i.patient_id
    left join staff_accounts st on st.id = i.assignee_id
    ${serviceTimeJoin}`,
  search: (pattern, term) => {
    const conditions = [
      sql`portal_fold(c.name) like ${pattern}`,
      sql`portal_fold(c.client_code) like ${pattern}`,
      sql`portal_fold(coalesce(i.submitter_name, '')) like ${pattern}`,
      sql`portal_fold(coalesce(i.submitter_email, '')) like ${pattern}`,
      sql`portal_fold(${patientName('p')}) like ${pattern}`,
      // What the customer wrote: the form's text fields (a question, a remark, a product's name).
      sql`exists (select 1 from jsonb_each_text(i.payload) f where portal_fold(f.value) like ${pattern})`,
    ];
    const reference = referenceSearch(term);
    if (reference) {
      conditions.push(reference.itemKind ? sql`(i.item_kind = ${reference.itemKind} and i.id = ${reference.id})` : sql`i.id = ${reference.id}`);
    }
    return sql.join(conditions, sql` or `);
  },
  select: sql`i.item_kind, i.id, i.kind, i.client_id, c.client_code, c.name as client_name, i.submitter_name, i.submitter_email,
    i.patient_id, case when p.id is null then null else ${patientName('p')} end as patient_name,
    i.created_at, i.status, i.status_changed_at, i.assignee_id,
    case when st.id is null then null else ${personName('st')} end as assignee_name,
    ${dueAt} as due_at, ${receiveDate} is not null as due_from_date, ${overdue} as overdue`,
  toRow: (r) => ({
    itemKind: r.item_kind as InboxRow['itemKind'],
    id: Number(r.id),
    kind: String(r.kind),
    customerId: String(r.client_id),
    clientCode: String(r.client_code),
    clientName: String(r.client_name),
    submitterName: (r.submitter_name as string | null) ?? null,
    submitterEmail: (r.submitter_email as string | null) ?? null,
    patientId: r.patient_id === null ? null : Number(r.patient_id),
    patientName: (r.patient_name as string | null) ?? null,
    receivedAt: instant(r.created_at),
    status: String(r.status),
    statusChangedAt: r.status_changed_at === null ? null : instant(r.status_changed_at),
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    assigneeName: (r.assignee_name as string | null) ?? null,
    dueAt: instant(r.due_at),
    dueFrom: r.due_from_date ? 'receiveDate' : 'serviceTime',
    overdue: Boolean(r.overdue),
  }),
};

/** The filters of a table request as a condition on `i` (besides what the role may see). */
export function inboxFilters(request: InboxTableRequest, staffId: number): SQL {
  const conditions: SQL[] = [];
  if (request.kinds?.length) conditions.push(sql`i.kind = any(${sql.param(request.kinds)}::text[])`);
  const statuses = request.statuses ?? openInboxStatuses;
  if (statuses.length) conditions.push(sql`i.status = any(${sql.param([...statuses])}::text[])`);
  if (request.customerId) conditions.push(sql`i.client_id = ${request.customerId}`);
  const assignee = request.assignee;
  if (assignee === 'nobody') conditions.push(sql`i.assignee_id is null`);
  else if (assignee === 'me') conditions.push(sql`i.assignee_id = ${staffId}`);
  else if (typeof assignee === 'number') conditions.push(sql`i.assignee_id = ${assignee}`);
  // Whole days in the provider's time zone, both ends included.
  if (request.receivedFrom) conditions.push(sql`i.created_at >= (${request.receivedFrom}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (request.receivedUntil) conditions.push(sql`i.created_at < (${request.receivedUntil}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  if (request.overdue) conditions.push(overdue);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}
