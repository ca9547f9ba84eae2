import { sql } from 'drizzle-orm';
import {
  inboxQueueText,
  itemReference,
  type BulkResult,
  type InboxItemKind,
  type InboxItemRef,
  type InboxStatus,
  type InboxTableRequest,
} from '@portal/contract';
import { HttpProblem } from '../../lib/problems.js';
import { tableSelection, tableStatements } from '../../lib/tables.js';
import type { StaffTx } from '../backoffice/staff-tx.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { staffInboxWork, type InboxActions } from './inbox-actions.js';
import { findItem, inboxItems, visibleTo, type InboxItem } from './inbox-items.js';
import { dueAt, inboxFilters, inboxTable, overdue, receiveDate, serviceTimeJoin } from './inbox.table.js';

/**
 * The inbox's queue tools (issue 30.5): acts on many items at once, an item's neighbours in the list as filtered
 * and sorted, the count of items new since the list was shown, and an item's due moment.
 */

/** The role's items as the list's filters select them: what the table and its neighbours both read. */
const listScope = (work: StaffUnitOfWork, request: InboxTableRequest) =>
  sql`${visibleTo(work.principal.role)} and ${inboxFilters(request, work.principal.staff.id)}`;

/**
 * Each item by the single act's own rules, one after another, each in a savepoint of the one transaction: a
 * refused item is rolled back alone and reported by its reference, the others are kept. The act audits each.
 */
async function eachItem(work: StaffUnitOfWork, refs: readonly InboxItemRef[], act: (ref: InboxItemRef) => Promise<unknown>): Promise<BulkResult> {
  const result: BulkResult = { done: [], refused: [] };
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = `${ref.itemKind}:${ref.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await work.tx.execute(sql`savepoint bulk_item`);
    try {
      await act(ref);
      await work.tx.execute(sql`release savepoint bulk_item`);
      result.done.push({ itemKind: ref.itemKind, id: ref.id });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      await work.tx.execute(sql`rollback to savepoint bulk_item`);
      result.refused.push({ ...ref, reference: await referenceOf(work, ref), message: error.status === 404 ? inboxQueueText.itemUnavailable : error.message });
    }
  }
  return result;
}

/** The item's reference as the caller may know it; one it may not see, by its number alone. */
async function referenceOf(work: StaffUnitOfWork, ref: InboxItemRef): Promise<string> {
  const item: InboxItem | null = await findItem(work.tx, work.principal.role, ref.itemKind, ref.id).catch(() => null);
  return item ? itemReference({ itemKind: item.itemKind, kind: item.kind, id: item.id, receivedAt: item.createdAt }) : String(ref.id);
}

export function bulkAssign(actions: InboxActions, work: StaffUnitOfWork, body: { items: InboxItemRef[]; assigneeId: number | null }) {
  return eachItem(work, body.items, (ref) => actions.assign(staffInboxWork(work), { ...ref, assigneeId: body.assigneeId }));
}

export function bulkSetStatus(actions: InboxActions, work: StaffUnitOfWork, body: { items: InboxItemRef[]; status: InboxStatus }) {
  return eachItem(work, body.items, (ref) => actions.setStatus(staffInboxWork(work), { ...ref, status: body.status }));
}

/** The items before and after `item` in the list as the request filters, searches and sorts it. */
export async function neighbours(work: StaffUnitOfWork, body: { list: InboxTableRequest; item: InboxItemRef }) {
  const { where, orderBy } = tableSelection(inboxTable, listScope(work, body.list), body.list);
  const result = await work.tx.execute<{ prev_kind: InboxItemKind | null; prev_id: number | null; next_kind: InboxItemKind | null; next_id: number | null; position: number; total: number }>(sql`
    select * from (
      select i.item_kind, i.id,
        lag(i.item_kind) over w as prev_kind, lag(i.id) over w as prev_id,
        lead(i.item_kind) over w as next_kind, lead(i.id) over w as next_id,
        row_number() over w as position, count(*) over () as total
      from ${inboxTable.from} where ${where}
      window w as (${orderBy})
    ) listed
    where listed.item_kind = ${body.item.itemKind} and listed.id = ${body.item.id}`);
  const row = result.rows[0];
  const ref = (itemKind: InboxItemKind | null, id: number | null) => (itemKind && id !== null ? { itemKind, id: Number(id) } : null);
  if (!row) return { previous: null, next: null, position: null, total: 0 };
  return { previous: ref(row.prev_kind, row.prev_id), next: ref(row.next_kind, row.next_id), position: Number(row.position), total: Number(row.total) };
}

/** How many items of the list as filtered arrived after `since`, and the database's time now for the next ask. */
export async function countSince(work: StaffUnitOfWork, body: { list: InboxTableRequest; since: string | null }) {
  const now = await work.tx.execute<{ now: Date | string }>(sql`select now() as now`);
  const asOf = new Date(now.rows[0]!.now).toISOString();
  if (body.since === null) return { count: 0, asOf };
  const scope = sql`${listScope(work, body.list)} and i.created_at > ${body.since}::timestamptz`;
  const result = await work.tx.execute<{ total: number }>(tableStatements(inboxTable, scope, body.list).count);
  return { count: Number(result.rows[0]?.total ?? 0), asOf };
}

/** An item's due moment, as its row in the list has it. */
export async function dueOf(tx: StaffTx, item: InboxItem): Promise<{ dueAt: string; dueFrom: 'receiveDate' | 'serviceTime'; overdue: boolean }> {
  const result = await tx.execute<{ due_at: Date | string; from_date: boolean; overdue: boolean }>(sql`
    select ${dueAt} as due_at, ${receiveDate} is not null as from_date, ${overdue} as overdue
    from ${inboxItems} i ${serviceTimeJoin}
    where i.item_kind = ${item.itemKind} and i.id = ${item.id} and i.client_id = ${item.customerId}`);
  const row = result.rows[0]!;
  return { dueAt: new Date(row.due_at).toISOString(), dueFrom: row.from_date ? 'receiveDate' : 'serviceTime', overdue: Boolean(row.overdue) };
}
