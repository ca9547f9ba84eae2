import { sql } from 'drizzle-orm';
import { canChangeStatus, inboxText, validation, type InboxItemKind, type InboxStatus, type StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { inboxEvents } from '../../db/schema.js';
import type { OutgoingMail } from '../../lib/mail.js';
import { badRequest, fieldError, fieldErrors } from '../../lib/problems.js';
import { recordAnswer, recordStatusChange, type EventActor } from '../events/record-event.js';
import { patientsNamedIn } from '../request-forms/submissions.service.js';
import type { Tx } from '../../db/tenancy.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { staffName } from '../backoffice/staff-accounts.js';
import { findItem, itemTable, lockItem, mayHandle, objectTypeOf, type InboxItem } from './inbox-items.js';
import { answerMail, statusMail } from './inbox.mails.js';
import type { ReplyAddresses } from './reply-addresses.js';
import { assignedMail, mentionedMail, mentionsIn } from './staff-notices.js';

export interface ItemRef {
  itemKind: InboxItemKind;
  id: number;
}

type EventValues = Omit<typeof inboxEvents.$inferInsert, 'customerId' | 'itemKind' | 'itemId' | 'staffId' | 'integrationClientId'>;

/** An audit row of an act on an item, as either door writes it. */
export interface ItemAuditRecord {
  action: string;
  customerId: string;
  patientIds: number[] | null;
  objectType: string;
  objectId: string;
  details: Record<string, unknown> | null;
}

/**
 * Who acts on an item and in which transaction: a staff member in the back-office, or an integration client
 * writing back (issue 29.3). Each door finds the item as its caller may see it, its customer named for the writes.
 */
export interface InboxWork {
  tx: Db;
  /** the staff member (in the item's history) or the integration client */
  actor: { staffId: number; integrationClientId?: undefined } | { staffId?: undefined; integrationClientId: string };
  /** the actor as the item's events name it */
  eventActor: EventActor;
  find: (ref: ItemRef) => Promise<InboxItem>;
  audit: (record: ItemAuditRecord) => Promise<void>;
  mail: (mail: OutgoingMail) => Promise<void>;
}

/** A back-office act's work on the inbox: the staff member's role decides what it may find. */
export function staffInboxWork(work: StaffUnitOfWork): InboxWork & { role: StaffRole } {
  const { staff, role } = work.principal;
  return {
    tx: work.tx,
    role,
    actor: { staffId: staff.id },
    eventActor: { kind: 'staff', name: staffName(staff), email: null },
    find: async (ref) => {
      const item = await findItem(work.tx, role, ref.itemKind, ref.id);
      await work.forCustomer(item.customerId);
      return item;
    },
    audit: (record) => work.audit(record),
    mail: work.mail,
  };
}

/**
 * What the staff do with an item: change its status, give it to a colleague, note something, answer the
 * submitter. Each act finds the item as the caller's role may see it, then names its customer (forCustomer)
 * and locks it before writing, and leaves an event in its history and a row in the audit trail.
 */
export class InboxActions {
  constructor(private readonly deps: { publicUrl: string; replyAddresses: ReplyAddresses }) {}

  async setStatus(work: InboxWork, body: ItemRef & { status: InboxStatus }): Promise<InboxItem> {
    const item = await this.open(work, body);
    if (!canChangeStatus(item.status, body.status)) throw fieldError('status', inboxText.transitionRefused);
    await work.tx.execute(sql`
      update ${itemTable(item.itemKind)} set status = ${body.status}, status_changed_at = now()
      where client_id = ${item.customerId} and id = ${item.id}`);
    await this.record(work, item, { event: 'Status', fromStatus: item.status, toStatus: body.status });
    await this.audit(work, item, 'Backoffice.InboxStatus', { from: item.status, to: body.status });
    await recordStatusChange(work.tx, item, { from: item.status, to: body.status, by: work.eventActor });
    await this.mailNewStatus(work, item, body.status);
    return { ...item, status: body.status };
  }

  async assign(work: InboxWork & { role: StaffRole }, body: ItemRef & { assigneeId: number | null }): Promise<void> {
    const item = await this.open(work, body);
    let colleague: { role: StaffRole; is_active: boolean; email_address: string; first_name: string } | undefined;
    if (body.assigneeId !== null) {
      const result = await work.tx.execute<{ role: StaffRole; is_active: boolean; email_address: string; first_name: string }>(
        sql`select role, is_active, email_address, first_name from staff_accounts where id = ${body.assigneeId}`,
      );
      colleague = result.rows[0];
      if (!colleague?.is_active) throw fieldError('assigneeId', inboxText.assigneeUnknown);
      if (!mayHandle(colleague.role, item.itemKind, item.kind)) throw fieldError('assigneeId', inboxText.assigneeCannotSee);
    }
    if (item.assigneeId === body.assigneeId) return;
    await work.tx.execute(sql`
      update ${itemTable(item.itemKind)} set assignee_id = ${body.assigneeId}
      where client_id = ${item.customerId} and id = ${item.id}`);
    await this.record(work, item, { event: 'Assigned', assigneeId: body.assigneeId });
    await this.audit(work, item, 'Backoffice.InboxAssign', { from: item.assigneeId, to: body.assigneeId });
    // Told by mail (issue 30.6), unless one takes it oneself.
    const assignee = colleague && body.assigneeId !== work.actor.staffId ? colleague : null;
    if (assignee) {
      const to = { id: body.assigneeId!, emailAddress: assignee.email_address, firstName: assignee.first_name, role: assignee.role };
      await work.mail(await assignedMail(work.tx, item, to, work.eventActor.name, this.deps.publicUrl));
    }
  }

  async addNote(work: InboxWork, body: ItemRef & { text: string }): Promise<void> {
    const item = await this.open(work, body);
    await this.record(work, item, { event: 'Note', body: body.text });
    const mentioned = (await mentionsIn(work.tx, body.text, item)).filter((colleague) => colleague.id !== work.actor.staffId);
    for (const colleague of mentioned) await work.mail(await mentionedMail(work.tx, item, colleague, work.eventActor.name, this.deps.publicUrl));
    await this.audit(work, item, 'Backoffice.InboxNote', mentioned.length ? { mentioned: mentioned.map((colleague) => colleague.id) } : undefined);
  }

  /** The answer always goes (it is the answer), whatever the submitter's status-mail setting. */
  async answer(work: InboxWork, body: ItemRef & { subject: string; text: string; fileGuids?: readonly string[] }): Promise<InboxItem> {
    const item = await this.open(work, body);
    const to = item.submitterEmail?.trim();
    if (!to) throw badRequest(inboxText.noSubmitterAddress);
    await work.mail({ ...answerMail(item, to, body, this.deps.publicUrl), replyTo: this.deps.replyAddresses.of(item) });
    const answerId = await this.record(work, item, { event: 'Answer', subject: body.subject, body: body.text, mailedTo: to });
    await attachToAnswer(work, item, answerId, body.fileGuids ?? []);
    await recordAnswer(work.tx, item, { subject: body.subject, text: body.text, mailedTo: to, by: work.eventActor });
    // An answer's free text may name other patients of the customer than the item's own: its row names them too.
    const named = await patientsNamedIn(work.tx as Tx, item.customerId, [body.subject, body.text]);
    await this.audit(work, item, 'Backoffice.InboxAnswer', { mailedTo: to }, named);
    return item;
  }

  /** The item as the role may see it (404 otherwise), its customer named for the writes, locked. */
  private async open(work: InboxWork, ref: ItemRef): Promise<InboxItem> {
    return lockItem(work.tx, await work.find(ref));
  }

  private async record(work: InboxWork, item: InboxItem, values: EventValues): Promise<number> {
    const [row] = await work.tx.insert(inboxEvents).values({
      ...values,
      customerId: item.customerId,
      itemKind: item.itemKind,
      itemId: item.id,
      staffId: work.actor.staffId ?? null,
      integrationClientId: work.actor.integrationClientId ?? null,
    }).returning({ id: inboxEvents.id });
    return row!.id;
  }

  private async audit(work: InboxWork, item: InboxItem, action: string, details?: Record<string, unknown>, named: number[] = []): Promise<void> {
    const patientIds = [...new Set([...(item.patientId === null ? [] : [item.patientId]), ...named])];
    await work.audit({
      action,
      customerId: item.customerId,
      patientIds: patientIds.length ? patientIds : null,
      objectType: objectTypeOf(item.itemKind),
      objectId: String(item.id),
      details: details ?? null,
    });
  }

  /** A mail to the submitter's account when it asked for status mails (Instellingen) and is still active. */
  private async mailNewStatus(work: InboxWork, item: InboxItem, status: InboxStatus): Promise<void> {
    if (item.accountId === null) return;
    // Read under the customer's own policies: forCustomer named it when the item was opened.
    const result = await work.tx.execute<{ email_address: string; first_name: string }>(sql`
      select email_address, first_name from accounts
      where client_id = ${item.customerId} and id = ${item.accountId} and status_mails and is_active`);
    const account = result.rows[0];
    if (!account) return;
    const mail = statusMail(item, { emailAddress: account.email_address, firstName: account.first_name }, status, this.deps.publicUrl);
    await work.mail({ ...mail, replyTo: this.deps.replyAddresses.of(item) });
  }
}

/** Ties the files staff uploaded for this item (UploadAttachment) to its answer; any other file is a field error. */
async function attachToAnswer(work: InboxWork, item: InboxItem, answerId: number, fileGuids: readonly string[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [index, fileGuid] of fileGuids.entries()) {
    const tied = await work.tx.execute(sql`
      update uploaded_files set inbox_event_id = ${answerId}
      where client_id = ${item.customerId} and id = ${fileGuid} and account_id is null and submission_id is null and inbox_event_id is null`);
    if (!tied.rowCount) errors[`fileGuids.${index}`] = [validation.fileUnknown];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
}
