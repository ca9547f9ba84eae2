import { sql } from 'drizzle-orm';
import { canChangeStatus, inboxText, type InboxItemKind, type InboxStatus, type StaffRole } from '@portal/contract';
import { inboxEvents } from '../../db/schema.js';
import { badRequest, fieldError } from '../../lib/problems.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { objectTypeOf } from './inbox-detail.js';
import { findItem, itemTable, lockItem, mayHandle, type InboxItem } from './inbox-items.js';
import { answerMail, statusMail } from './inbox.mails.js';

interface ItemRef {
  itemKind: InboxItemKind;
  id: number;
}

type EventValues = Omit<typeof inboxEvents.$inferInsert, 'customerId' | 'itemKind' | 'itemId' | 'staffId'>;

/**
 * What the staff do with an item: change its status, give it to a colleague, note something, answer the
 * submitter. Each act finds the item as the caller's role may see it, then names its customer (forCustomer)
 * and locks it before writing, and leaves an event in its history and a row in the audit trail.
 */
export class InboxActions {
  constructor(private readonly deps: { publicUrl: string }) {}

  async setStatus(work: StaffUnitOfWork, body: ItemRef & { status: InboxStatus }): Promise<void> {
    const item = await this.open(work, body);
    if (!canChangeStatus(item.status, body.status)) throw fieldError('status', inboxText.transitionRefused);
    await work.tx.execute(sql`
      update ${itemTable(item.itemKind)} set status = ${body.status}, status_changed_at = now()
      where client_id = ${item.customerId} and id = ${item.id}`);
    await this.record(work, item, { event: 'Status', fromStatus: item.status, toStatus: body.status });
    await this.audit(work, item, 'Backoffice.InboxStatus', { from: item.status, to: body.status });
    await this.mailNewStatus(work, item, body.status);
  }

  async assign(work: StaffUnitOfWork, body: ItemRef & { assigneeId: number | null }): Promise<void> {
    const item = await this.open(work, body);
    if (body.assigneeId !== null) {
      const result = await work.tx.execute<{ role: StaffRole; is_active: boolean }>(
        sql`select role, is_active from staff_accounts where id = ${body.assigneeId}`,
      );
      const colleague = result.rows[0];
      if (!colleague?.is_active) throw fieldError('assigneeId', inboxText.assigneeUnknown);
      if (!mayHandle(colleague.role, item.itemKind, item.kind)) throw fieldError('assigneeId', inboxText.assigneeCannotSee);
    }
    if (item.assigneeId === body.assigneeId) return;
    await work.tx.execute(sql`
      update ${itemTable(item.itemKind)} set assignee_id = ${body.assigneeId}
      where client_id = ${item.customerId} and id = ${item.id}`);
    await this.record(work, item, { event: 'Assigned', assigneeId: body.assigneeId });
    await this.audit(work, item, 'Backoffice.InboxAssign', { from: item.assigneeId, to: body.assigneeId });
  }

  async addNote(work: StaffUnitOfWork, body: ItemRef & { text: string }): Promise<void> {
    const item = await this.open(work, body);
    await this.record(work, item, { event: 'Note', body: body.text });
    await this.audit(work, item, 'Backoffice.InboxNote');
  }

  /** The answer always goes (it is the answer), whatever the submitter's status-mail setting. */
  async answer(work: StaffUnitOfWork, body: ItemRef & { subject: string; text: string }): Promise<void> {
    const item = await this.open(work, body);
    const to = item.submitterEmail?.trim();
    if (!to) throw badRequest(inboxText.noSubmitterAddress);
    await work.mail(answerMail(item, to, body, this.deps.publicUrl));
    await this.record(work, item, { event: 'Answer', subject: body.subject, body: body.text, mailedTo: to });
    await this.audit(work, item, 'Backoffice.InboxAnswer', { mailedTo: to });
  }

  /** The item as the role may see it (404 otherwise), its customer named for the writes, locked. */
  private async open(work: StaffUnitOfWork, ref: ItemRef): Promise<InboxItem> {
    const item = await findItem(work.tx, work.principal.role, ref.itemKind, ref.id);
    await work.forCustomer(item.customerId);
    return lockItem(work.tx, item);
  }

  private async record(work: StaffUnitOfWork, item: InboxItem, values: EventValues): Promise<void> {
    await work.tx.insert(inboxEvents).values({
      ...values,
      customerId: item.customerId,
      itemKind: item.itemKind,
      itemId: item.id,
      staffId: work.principal.staff.id,
    });
  }

  private async audit(work: StaffUnitOfWork, item: InboxItem, action: string, details?: Record<string, unknown>): Promise<void> {
    await work.audit({
      action,
      customerId: item.customerId,
      patientIds: item.patientId === null ? null : [item.patientId],
      objectType: objectTypeOf(item.itemKind),
      objectId: String(item.id),
      details: details ?? null,
    });
  }

  /** A mail to the submitter's account when it asked for status mails (Instellingen) and is still active. */
  private async mailNewStatus(work: StaffUnitOfWork, item: InboxItem, status: InboxStatus): Promise<void> {
    if (item.accountId === null) return;
    // Read under the customer's own policies: forCustomer named it when the item was opened.
    const result = await work.tx.execute<{ email_address: string; first_name: string }>(sql`
      select email_address, first_name from accounts
      where client_id = ${item.customerId} and id = ${item.accountId} and status_mails and is_active`);
    const account = result.rows[0];
    if (!account) return;
    await work.mail(statusMail(item, { emailAddress: account.email_address, firstName: account.first_name }, status, this.deps.publicUrl));
  }
}
