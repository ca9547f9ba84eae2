import { sql } from 'drizzle-orm';
import type { InboxRow, InboxTableRequest, TableResponse } from '@portal/contract';
import { notFound } from '../../lib/problems.js';
import { queryRows } from '../../lib/tables.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { findItem, inboxItems, visibleTo } from './inbox-items.js';
import { inboxFilters, inboxTable } from './inbox.table.js';

/**
 * One page of the inbox as the caller's role may see it. The page shows patients of several customers: each
 * customer's patients on it are audited in a row of that customer.
 */
export async function inboxPage(work: StaffUnitOfWork, request: InboxTableRequest): Promise<TableResponse<InboxRow>> {
  const { tx, principal } = work;
  const scope = sql`${visibleTo(principal.role)} and ${inboxFilters(request, principal.staff.id)}`;
  const page = await queryRows(tx, inboxTable, scope, request);
  const patientsByCustomer = new Map<string, Set<number>>();
  for (const row of page.items) {
    if (row.patientId === null || row.patientName === null) continue;
    const patients = patientsByCustomer.get(row.customerId) ?? new Set<number>();
    patientsByCustomer.set(row.customerId, patients.add(row.patientId));
  }
  for (const [customerId, patients] of patientsByCustomer) {
    await work.audit({
      action: 'Backoffice.InboxList',
      customerId,
      patientIds: [...patients],
      objectType: 'Patient',
      details: { search: request.search?.trim() || null },
    });
  }
  return page;
}

/** How many items the caller's role may see are New: the menu's count. */
export async function newItemCount({ tx, principal }: StaffUnitOfWork): Promise<{ count: number }> {
  const result = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count from ${inboxItems} i where i.status = 'New' and ${visibleTo(principal.role)}`);
  return { count: Number(result.rows[0]?.count ?? 0) };
}

/**
 * An upload of a submission the caller's role may see (404 otherwise, and for an upload no submission uses):
 * each download is audited with the submission's customer and patient.
 */
export async function downloadFile(work: StaffUnitOfWork, fileId: string) {
  const result = await work.tx.execute<{ client_id: string; submission_id: number; file_name: string; media_type: string; content: Buffer }>(sql`
    select client_id, submission_id, file_name, media_type, content from uploaded_files
    where id = ${fileId} and submission_id is not null`);
  const file = result.rows[0];
  if (!file) throw notFound();
  const item = await findItem(work.tx, work.principal.role, 'Submission', Number(file.submission_id));
  if (item.customerId !== file.client_id) throw notFound();
  await work.audit({
    action: 'Backoffice.InboxFile',
    customerId: item.customerId,
    patientIds: item.patientId === null ? null : [item.patientId],
    objectType: 'UploadedFile',
    objectId: fileId,
    details: { submissionId: item.id },
  });
  return { fileName: file.file_name, contentType: file.media_type, body: file.content };
}
