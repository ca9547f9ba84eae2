import { sql } from 'drizzle-orm';
import { customerKindText, itemReference, referenceSearch, type InboxStatus } from '@portal/contract';
import type { IntegrationWork } from '../../doors/integration.js';
import { notFound } from '../../lib/problems.js';
import { findItem, type InboxItem } from '../inbox/inbox-items.js';
import type { InboxActions, InboxWork } from '../inbox/inbox-actions.js';

/**
 * Writing back (issue 29.3): an integration client sets an item's status or answers it through the inbox's own
 * acts, so the customer sees and is mailed exactly what a staff member's act would give; the history, the
 * events and the audit trail name the client.
 */

/** The item a reference names (its number, and the kind and year its prefix and received date give), or 404. */
async function itemByReference(work: IntegrationWork, reference: string): Promise<InboxItem> {
  const found = referenceSearch(reference);
  if (!found?.itemKind) throw notFound();
  const owner = await work.tx.execute<{ customer_id: string | null }>(sql`select portal_item_customer(${found.itemKind}, ${found.id}) as customer_id`);
  const customerId = owner.rows[0]?.customer_id;
  if (!customerId) throw notFound();
  await work.forCustomer(customerId);
  const item = await findItem(work.tx, null, found.itemKind, found.id);
  if (itemReference({ ...item, receivedAt: item.createdAt }) !== reference) throw notFound();
  return item;
}

async function inboxWorkOf(work: IntegrationWork): Promise<InboxWork> {
  const client = await work.tx.execute<{ name: string }>(sql`select name from integration_clients where id = ${work.client.integrationClientId}`);
  return {
    tx: work.tx,
    actor: { integrationClientId: work.client.integrationClientId },
    eventActor: { kind: 'integration', name: client.rows[0]?.name ?? null, email: null },
    find: async (ref) => {
      const item = await findItem(work.tx, null, ref.itemKind, ref.id);
      if (item.itemKind !== ref.itemKind) throw notFound();
      return item;
    },
    audit: (record) => work.audit({ ...record, action: record.action.replace(/^Backoffice\./, 'Integration.') }),
    mail: work.mail,
  };
}

export async function setStatusBack(actions: InboxActions, work: IntegrationWork, reference: string, status: InboxStatus) {
  const item = await itemByReference(work, reference);
  // The status it already has is no change: a client that sends it again (a retry without a key) is answered alike.
  if (item.status === status) return { reference, status };
  const changed = await actions.setStatus(await inboxWorkOf(work), { itemKind: item.itemKind, id: item.id, status });
  return { reference, status: changed.status as InboxStatus };
}

export async function answerBack(actions: InboxActions, work: IntegrationWork, reference: string, answer: { subject?: string | undefined; text: string }) {
  const item = await itemByReference(work, reference);
  const kind = customerKindText(item.kind);
  const subject = answer.subject ?? `Uw ${kind.charAt(0).toLowerCase()}${kind.slice(1)} ${reference}`;
  const answered = await actions.answer(await inboxWorkOf(work), { itemKind: item.itemKind, id: item.id, subject, text: answer.text });
  return { reference, status: answered.status as InboxStatus };
}
