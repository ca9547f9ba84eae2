import { sql } from 'drizzle-orm';
import { backofficeItemPath, customerKindText, integrationBasePath, itemReference, validation, type InboxItemKind } from '@portal/contract';
import { inboxEvents } from '../../db/schema.js';
import { oneLine } from '../../lib/mail.js';
import { fieldErrors } from '../../lib/problems.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { recordItemEvent, recordStatusChange } from '../events/record-event.js';
import { patientsNamedIn, readSubmitter } from '../request-forms/submissions.service.js';
import { findItem, lockItem, objectTypeOf, type InboxItem } from './inbox-items.js';

/**
 * A customer's reply on one of its own items (issue 30.3), by the portal or by mail: it lands in the item's
 * history with its files, sets the item back to In behandeling, tells the item's assignee and the provider's
 * systems. Always in the customer's own transaction, as the account that replied: the tenant policies decide
 * which items it can reach.
 */
export interface Reply {
  itemKind: InboxItemKind;
  id: number;
  text: string;
  /** the account's own uploads, not used yet */
  fileGuids: readonly string[];
  via: 'portal' | 'mail';
}

export async function receiveReply(work: UnitOfWork, reply: Reply, deps: { publicUrl: string }): Promise<InboxItem> {
  const { tx, claims } = work;
  const item = await lockItem(tx, await findItem(tx, null, reply.itemKind, reply.id));
  const replier = await readSubmitter(tx, claims);
  const [event] = await tx
    .insert(inboxEvents)
    .values({ customerId: item.customerId, itemKind: item.itemKind, itemId: item.id, event: 'Reply', body: reply.text, accountId: claims.accountId, via: reply.via })
    .returning({ id: inboxEvents.id });
  const errors: Record<string, string[]> = {};
  const files: { id: string; file_name: string }[] = [];
  for (const [index, fileGuid] of reply.fileGuids.entries()) {
    const tied = await tx.execute<{ id: string; file_name: string }>(sql`
      update uploaded_files set inbox_event_id = ${event!.id}
      where client_id = ${item.customerId} and id = ${fileGuid} and account_id = ${claims.accountId}
        and submission_id is null and inbox_event_id is null
      returning id, file_name`);
    if (tied.rows[0]) files.push(tied.rows[0]);
    else errors[`fileGuids.${index}`] = [validation.fileUnknown];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const by = { kind: 'account' as const, name: replier.fullName, email: replier.emailAddress };
  if (item.status !== 'Processing') {
    await tx.execute(sql`
      update ${sql.raw(item.itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders')}
      set status = 'Processing', status_changed_at = now() where client_id = ${item.customerId} and id = ${item.id}`);
    await tx.insert(inboxEvents).values({
      customerId: item.customerId,
      itemKind: item.itemKind,
      itemId: item.id,
      event: 'Status',
      fromStatus: item.status,
      toStatus: 'Processing',
      accountId: claims.accountId,
    });
    await recordStatusChange(tx, item, { from: item.status, to: 'Processing', by });
  }
  const reference = itemReference({ ...item, receivedAt: item.createdAt });
  await recordItemEvent(tx, item, 'replied', {
    text: reply.text,
    via: reply.via,
    repliedAt: new Date().toISOString(),
    repliedBy: by,
    files: files.map((file) => ({ id: file.id, fileName: file.file_name, href: `${integrationBasePath}/files/${file.id}` })),
  });
  await tellAssignee(work, item, { reference, customer: `${replier.clientName} (${replier.clientCode})`, via: reply.via, publicUrl: deps.publicUrl });

  const named = await patientsNamedIn(tx, item.customerId, [reply.text]);
  const patientIds = [...new Set([...(item.patientId === null ? [] : [item.patientId]), ...named])];
  await work.audit({
    action: 'InboxReply',
    objectType: objectTypeOf(item.itemKind),
    objectId: String(item.id),
    patientIds: patientIds.length ? patientIds : null,
    details: { via: reply.via, files: files.map((file) => file.id), from: item.status, to: 'Processing' },
  });
  return { ...item, status: 'Processing' };
}

/** The item's assignee hears of the reply (without what it says: a mail carries no patient data), with a link. */
async function tellAssignee(work: UnitOfWork, item: InboxItem, about: { reference: string; customer: string; via: 'portal' | 'mail'; publicUrl: string }) {
  const found = await work.tx.execute<{ email_address: string; first_name: string }>(
    sql`select email_address, first_name from portal_item_assignee(${item.itemKind}, ${item.id})`,
  );
  const assignee = found.rows[0];
  if (!assignee) return;
  const kind = customerKindText(item.kind).toLowerCase();
  await work.mail({
    to: assignee.email_address,
    subject: oneLine(`Reactie van ${about.customer} op ${about.reference}`),
    text: [
      `Beste ${oneLine(assignee.first_name)},`,
      '',
      `${about.customer} heeft ${about.via === 'mail' ? 'per e-mail ' : ''}gereageerd op de ${kind} ${about.reference}, die aan u is toegewezen. Het staat weer in behandeling.`,
      '',
      `Lees de reactie in Mijn Spits Beheer: ${about.publicUrl}${backofficeItemPath(item)}`,
    ].join('\n'),
  });
}
