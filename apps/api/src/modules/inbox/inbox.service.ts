import { sql } from 'drizzle-orm';
import type { InboxFilterName, InboxItemKind, InboxTableRequest, InboxTableResponse } from '@portal/contract';
import { notFound } from '../../lib/problems.js';
import { queryRows, tableStatements } from '../../lib/tables.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { findItem, inboxItems, visibleTo } from './inbox-items.js';
import { inboxFilters, inboxTable } from './inbox.table.js';

/**
 * One page of the inbox as the caller's role may see it. The page shows patients of several customers: each
 * customer's patients on it are audited in a row of that customer.
 */
export async function inboxPage(work: StaffUnitOfWork, request: InboxTableRequest): Promise<InboxTableResponse> {
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
  return { ...page, outsideFilters: await outsideFilters(work, request, page.total) };
}

/** What each filter leaves out of the request: the filter at its "all" (statuses: every status). */
const without: Record<InboxFilterName, (r: InboxTableRequest) => InboxTableRequest> = {
  statuses: (r) => ({ ...r, statuses: [] }),
  kinds: (r) => ({ ...r, kinds: null }),
  customerId: (r) => ({ ...r, customerId: null }),
  assignee: (r) => ({ ...r, assignee: null }),
  period: (r) => ({ ...r, receivedFrom: null, receivedUntil: null }),
  overdue: (r) => ({ ...r, overdue: null }),
};

/** Whether a filter narrows the request (no statuses given: the open ones, which is a filter too). */
const narrows: Record<InboxFilterName, (r: InboxTableRequest) => boolean> = {
  statuses: (r) => r.statuses == null || r.statuses.length > 0,
  kinds: (r) => Boolean(r.kinds?.length),
  customerId: (r) => Boolean(r.customerId),
  assignee: (r) => r.assignee != null,
  period: (r) => Boolean(r.receivedFrom || r.receivedUntil),
  overdue: (r) => Boolean(r.overdue),
};

/**
 * With a search: how many items it finds that the filters hide, and which filters hide them (issue 30.2), so that
 * a reference typed on the default view is not answered "nothing". Counted, like the page, within what the role may
 * see; one count for all filters off, and one per active filter off, only when the first finds more.
 */
async function outsideFilters({ tx, principal }: StaffUnitOfWork, request: InboxTableRequest, shown: number): Promise<InboxTableResponse['outsideFilters']> {
  if (!request.search?.trim()) return null;
  const active = (Object.keys(narrows) as InboxFilterName[]).filter((name) => narrows[name](request));
  if (active.length === 0) return null;
  const count = async (r: InboxTableRequest) => {
    const scope = sql`${visibleTo(principal.role)} and ${inboxFilters(r, principal.staff.id)}`;
    const result = await tx.execute<{ total: number }>(tableStatements(inboxTable, scope, r).count);
    return Number(result.rows[0]?.total ?? 0);
  };
  const everything = await count(active.reduce((r, name) => without[name](r), request));
  if (everything <= shown) return null;
  const hiding: InboxFilterName[] = [];
  for (const name of active) if ((await count(without[name](request))) > shown) hiding.push(name);
  return { count: everything - shown, filters: hiding.length ? hiding : active };
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
  // A submission's own file, or one of its thread's (an answer's, a reply's: issue 30.3).
  const result = await work.tx.execute<{ client_id: string; item_kind: InboxItemKind; item_id: number; file_name: string; media_type: string; content: Buffer }>(sql`
    select f.client_id, coalesce(e.item_kind, 'Submission') as item_kind, coalesce(e.item_id, f.submission_id) as item_id, f.file_name, f.media_type, f.content
    from uploaded_files f left join inbox_events e on e.client_id = f.client_id and e.id = f.inbox_event_id
    where f.id = ${fileId} and (f.submission_id is not null or f.inbox_event_id is not null)`);
  const file = result.rows[0];
  if (!file) throw notFound();
  const item = await findItem(work.tx, work.principal.role, file.item_kind, Number(file.item_id));
  if (item.customerId !== file.client_id) throw notFound();
  await work.audit({
    action: 'Backoffice.InboxFile',
    customerId: item.customerId,
    patientIds: item.patientId === null ? null : [item.patientId],
    objectType: 'UploadedFile',
    objectId: fileId,
    details: item.itemKind === 'Submission' ? { submissionId: item.id } : { serviceOrderId: item.id },
  });
  return { fileName: file.file_name, contentType: file.media_type, body: file.content };
}
