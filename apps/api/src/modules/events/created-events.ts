import { sql } from 'drizzle-orm';
import { customerKindText, integrationBasePath, serviceOrderReference, submissionReference, type IntegrationEventData } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { eventCustomer, recordEvent } from './record-event.js';

/**
 * The events of what a customer files (issue 29.1): the submission or order as it was stored, read back in the
 * transaction that stored it, named by the provider's keys.
 */

type SubmissionCreated = IntegrationEventData<'submission.created'>;

/** The payload fields that refer to our rows; the event gives them as `patient` and `files` instead. */
const fileFields = ['fileGuid', 'imageGuid'];

async function patientOf(tx: Db, customerId: string, patientId: unknown): Promise<{ id: number; data: SubmissionCreated['patient'] } | null> {
  if (typeof patientId !== 'number') return null;
  const result = await tx.execute<{ external_key: string | null; name: string; birth_date: string | null }>(sql`
    select external_key, concat_ws(' ', first_name, nullif(name_prefix, ''), last_name) as name, birth_date::text
    from patients where client_id = ${customerId} and id = ${patientId}`);
  const row = result.rows[0];
  return row ? { id: patientId, data: { key: row.external_key, name: row.name, birthDate: row.birth_date } } : null;
}

/** The department a form names by its name, with the provider's key when the customer has one of that name. */
async function departmentOf(tx: Db, customerId: string, name: unknown): Promise<SubmissionCreated['department']> {
  if (typeof name !== 'string' || !name.trim()) return null;
  const result = await tx.execute<{ external_key: string | null }>(sql`
    select external_key from facilities
    where client_id = ${customerId} and portal_fold(name) = portal_fold(${name.trim()})
    order by external_key nulls last limit 1`);
  return { key: result.rows[0]?.external_key ?? null, name: name.trim() };
}

export async function recordSubmissionCreated(tx: Db, customerId: string, submissionId: number): Promise<void> {
  const result = await tx.execute<{
    kind: string;
    status: string;
    created_at: Date | string;
    submitter_name: string | null;
    submitter_email: string | null;
    payload: Record<string, unknown>;
  }>(sql`
    select kind, status, created_at, submitter_name, submitter_email, payload
    from form_submissions where client_id = ${customerId} and id = ${submissionId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`submission ${submissionId} not readable for its event`);
  const files = await tx.execute<{ id: string; file_name: string; media_type: string; size_bytes: number; sha256: string }>(sql`
    select id, file_name, media_type, size_bytes, sha256 from uploaded_files
    where client_id = ${customerId} and submission_id = ${submissionId} order by created_at, id`);
  const patient = await patientOf(tx, customerId, row.payload.patientId);
  const fields = Object.fromEntries(Object.entries(row.payload).filter(([name]) => name !== 'patientId' && !fileFields.includes(name)));
  const fieldOf = (fileId: string) => fileFields.find((name) => row.payload[name] === fileId) ?? 'file';
  const reference = submissionReference(row.kind, submissionId, row.created_at);
  const data = {
    reference,
    customer: await eventCustomer(tx, customerId),
    kind: row.kind,
    title: customerKindText(row.kind),
    status: row.status,
    submittedAt: new Date(row.created_at).toISOString(),
    submittedBy: { kind: 'account', name: row.submitter_name, email: row.submitter_email },
    patient: patient?.data ?? null,
    department: await departmentOf(tx, customerId, row.payload.department),
    fields,
    files: files.rows.map((file) => ({
      id: file.id,
      field: fieldOf(file.id),
      fileName: file.file_name,
      mediaType: file.media_type,
      bytes: Number(file.size_bytes),
      sha256: file.sha256,
      href: `${integrationBasePath}/files/${file.id}`,
    })),
  } as SubmissionCreated;
  await recordEvent(tx, { type: 'submission.created', customerId, subject: reference, data, patientIds: patient ? [patient.id] : [] });
}

export async function recordServiceOrderCreated(tx: Db, customerId: string, orderId: number): Promise<void> {
  const result = await tx.execute<{ status: string; created_at: Date | string; requester_name: string; requester_email: string; total_price: string }>(sql`
    select status, created_at, requester_name, requester_email, total_price::text
    from service_product_orders where client_id = ${customerId} and id = ${orderId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`service order ${orderId} not readable for its event`);
  const lines = await tx.execute<{ line_no: number; article_code: string; name: string; amount: number; price: string | null; row_total_price: string | null }>(sql`
    select line_no, article_code, name, amount, price::text, row_total_price::text
    from service_product_order_rows where client_id = ${customerId} and order_id = ${orderId} order by line_no`);
  const reference = serviceOrderReference(orderId, row.created_at);
  const amount = (value: string | null) => (value === null ? null : Number(value));
  await recordEvent(tx, {
    type: 'serviceOrder.created',
    customerId,
    subject: reference,
    data: {
      reference,
      customer: await eventCustomer(tx, customerId),
      status: row.status as IntegrationEventData<'serviceOrder.created'>['status'],
      orderedAt: new Date(row.created_at).toISOString(),
      orderedBy: { kind: 'account', name: row.requester_name, email: row.requester_email },
      lines: lines.rows.map((line) => ({
        lineNo: Number(line.line_no),
        articleCode: line.article_code,
        name: line.name,
        amount: Number(line.amount),
        price: amount(line.price),
        total: amount(line.row_total_price),
      })),
      totalPrice: Number(row.total_price),
    },
  });
}
