import { sql } from 'drizzle-orm';
import { inboxText, type InboxDetail, type InboxEvent, type InboxItemKind } from '@portal/contract';
import type { StaffTx } from '../backoffice/staff-tx.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { findItem, objectTypeOf, patientName, personName, type InboxItem } from './inbox-items.js';
import { readableForm } from './readable-form.js';
import { dueOf } from './inbox-queue.js';
import type { Payload } from './readable-values.js';

/** The audit trail's name of what an item is. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);
const instant = (value: Date | string) => new Date(value).toISOString();

/**
 * One item as the detail shows it: the readable form (or the order's lines), its patient, uploads, history and
 * notes. Reading it is audited with its customer and its patient, if it names one.
 */
export async function readDetail(work: StaffUnitOfWork, itemKind: InboxItemKind, id: number): Promise<InboxDetail> {
  const { tx, principal } = work;
  const item = await findItem(tx, principal.role, itemKind, id);
  // One connection: its queries run one after another.
  const client = await tx.execute<{ id: string; client_code: string; name: string }>(
    sql`select id, client_code, name from clients where id = ${item.customerId}`,
  );
  const assignee =
    item.assigneeId === null
      ? null
      : await tx.execute<{ id: number; name: string }>(sql`select st.id, ${personName('st')} as name from staff_accounts st where st.id = ${item.assigneeId}`);
  const patient = await readPatient(tx, item);
  const history = await readHistory(tx, item);
  const submission = itemKind === 'Submission' ? await readSubmission(tx, item) : null;
  const customer = client.rows[0]!;
  const staff = assignee?.rows[0];
  await work.audit({
    action: 'Backoffice.InboxRead',
    customerId: item.customerId,
    patientIds: patient ? [patient.patientId] : null,
    objectType: objectTypeOf(itemKind),
    objectId: String(item.id),
  });
  return {
    itemKind,
    id: item.id,
    kind: item.kind,
    status: item.status,
    receivedAt: item.createdAt.toISOString(),
    statusChangedAt: item.statusChangedAt?.toISOString() ?? null,
    client: { id: customer.id, clientCode: customer.client_code, name: customer.name },
    submitter: { name: item.submitterName, emailAddress: item.submitterEmail },
    assignee: staff ? { id: Number(staff.id), name: staff.name } : null,
    patient,
    fields: submission?.fields ?? [],
    order: itemKind === 'ServiceOrder' ? await readOrder(tx, item) : null,
    attachments: submission?.attachments ?? [],
    history,
    ...(await dueOf(tx, item)),
  };
}

async function readPatient(tx: StaffTx, item: InboxItem): Promise<InboxDetail['patient']> {
  if (item.patientId === null) return null;
  const result = await tx.execute<{ id: number; name: string; birth_date: string; facility: string }>(sql`
    select p.id, ${patientName('p')} as name, to_char(p.birth_date, 'YYYY-MM-DD') as birth_date, f.name as facility
    from patients p join facilities f on f.client_id = p.client_id and f.id = p.facility_id
    where p.client_id = ${item.customerId} and p.id = ${item.patientId}`);
  const row = result.rows[0];
  return row ? { patientId: Number(row.id), patientName: row.name, birthDate: row.birth_date, facility: row.facility } : null;
}

async function readSubmission(tx: StaffTx, item: InboxItem) {
  const payload = await tx.execute<{ payload: Payload }>(sql`select payload from form_submissions where client_id = ${item.customerId} and id = ${item.id}`);
  const files = await tx.execute<{ id: string; file_name: string; media_type: string; size_bytes: number }>(sql`
    select id, file_name, media_type, size_bytes from uploaded_files
    where client_id = ${item.customerId} and submission_id = ${item.id} order by created_at, id`);
  return {
    fields: await readableForm(tx, item.kind, payload.rows[0]?.payload ?? {}),
    attachments: files.rows.map((f) => ({
      fileId: f.id,
      fileName: f.file_name,
      mediaType: f.media_type,
      sizeBytes: Number(f.size_bytes),
      isImage: PHOTO_TYPES.has(f.media_type),
    })),
  };
}

async function readOrder(tx: StaffTx, item: InboxItem): Promise<InboxDetail['order']> {
  const order = await tx.execute<{ total_cents: string }>(sql`
    select (total_price * 100)::bigint as total_cents from service_product_orders where client_id = ${item.customerId} and id = ${item.id}`);
  const rows = await tx.execute<{ article_code: string; name: string; amount: number; price_cents: string | null; row_total_cents: string | null }>(sql`
    select article_code, name, amount, (price * 100)::bigint as price_cents, (row_total_price * 100)::bigint as row_total_cents
    from service_product_order_rows where client_id = ${item.customerId} and order_id = ${item.id} order by line_no`);
  const euro = (cents: string | null) => (cents === null ? null : Number(cents) / 100);
  return {
    rows: rows.rows.map((r) => ({
      articleCode: r.article_code,
      name: r.name,
      amount: Number(r.amount),
      price: euro(r.price_cents),
      rowTotalPrice: euro(r.row_total_cents),
    })),
    totalPrice: euro(order.rows[0]?.total_cents ?? '0') ?? 0,
  };
}

/** The item's history, oldest first: its arrival, then every event with who of the staff did it. */
async function readHistory(tx: StaffTx, item: InboxItem): Promise<InboxEvent[]> {
  const events = await tx.execute<{
    id: string;
    at: Date | string;
    event: InboxEvent['event'];
    staff_name: string | null;
    from_status: string | null;
    to_status: string | null;
    assignee_name: string | null;
    subject: string | null;
    body: string | null;
    mailed_to: string | null;
    customer_name: string | null;
    via: 'portal' | 'mail' | null;
    files: { id: string; file_name: string; media_type: string; size_bytes: number }[];
  }>(sql`
    select e.id::text as id, e.at, e.event, e.via,
           case when ac.id is null then null else ${personName('ac')} end as customer_name,
           coalesce((select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'media_type', f.media_type, 'size_bytes', f.size_bytes) order by f.created_at, f.id)
                     from uploaded_files f where f.client_id = e.client_id and f.inbox_event_id = e.id), '[]'::json) as files,
           case when s.id is not null then ${personName('s')} when ic.id is not null then ${inboxText.byIntegration} || ' ' || ic.name end as staff_name,
           e.from_status, e.to_status, case when a.id is null then null else ${personName('a')} end as assignee_name,
           e.subject, e.body, e.mailed_to
    from inbox_events e
    left join staff_accounts s on s.id = e.staff_id
    left join integration_clients ic on ic.id = e.integration_client_id
    left join staff_accounts a on a.id = e.assignee_id
    left join accounts ac on ac.client_id = e.client_id and ac.id = e.account_id
    where e.client_id = ${item.customerId} and e.item_kind = ${item.itemKind} and e.item_id = ${item.id}
    order by e.at, e.id`);
  const received: InboxEvent = {
    id: 'received',
    at: item.createdAt.toISOString(),
    event: 'Received',
    staffName: null,
    fromStatus: null,
    toStatus: 'New',
    assigneeName: null,
    subject: null,
    body: null,
    mailedTo: null,
    customerName: null,
    via: null,
    files: [],
  };
  return [
    received,
    ...events.rows.map((e) => ({
      id: e.id,
      at: instant(e.at),
      event: e.event,
      staffName: e.staff_name,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      assigneeName: e.assignee_name,
      subject: e.subject,
      body: e.body,
      mailedTo: e.mailed_to,
      customerName: e.customer_name,
      via: e.via,
      files: e.files.map((f) => ({ fileId: f.id, fileName: f.file_name, mediaType: f.media_type, sizeBytes: Number(f.size_bytes), isImage: PHOTO_TYPES.has(f.media_type) })),
    })),
  ];
}
