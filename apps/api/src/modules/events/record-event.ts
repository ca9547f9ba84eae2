import { sql } from 'drizzle-orm';
import { customerKindText, inboxKindText, itemReference, type InboxItemKind, type IntegrationEventData, type IntegrationEventType } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { integrationEvents } from '../../db/schema.js';

/**
 * Writes the events of the way back (issue 29, decision 0076): in the transaction of the act, so that an event
 * exists exactly when its act was committed. Every door writes them for the customer it acts for (the table's
 * policy), and the feed and the webhooks read them once the sequencer has given them their place.
 */

/** Who acted, as an event names them. */
export type EventActor = IntegrationEventData<'submission.statusChanged'>['changedBy'];

export interface NewEvent<T extends IntegrationEventType> {
  type: T;
  customerId: string;
  subject: string;
  data: IntegrationEventData<T>;
  /** our ids of the patients the data names: a read of the event is audited per patient */
  patientIds?: readonly number[];
}

export async function recordEvent<T extends IntegrationEventType>(tx: Db, event: NewEvent<T>): Promise<void> {
  await tx.insert(integrationEvents).values({
    type: event.type,
    customerId: event.customerId,
    subject: event.subject,
    payload: event.data,
    patientIds: event.patientIds?.length ? [...event.patientIds] : null,
  });
}

/** An inbox item as events name it: its reference, its customer by code and name, and (a submission's) kind. */
export interface EventItem {
  itemKind: InboxItemKind;
  id: number;
  customerId: string;
  kind: string;
  createdAt: Date;
  patientId: number | null;
}

export async function eventCustomer(tx: Db, customerId: string): Promise<{ code: string; name: string }> {
  const result = await tx.execute<{ client_code: string; name: string }>(sql`select client_code, name from clients where id = ${customerId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`customer ${customerId} not readable for its event`);
  return { code: row.client_code, name: row.name };
}

/** What every event of an item carries: for a submission its kind and what it is in Dutch too. */
export async function itemBase(tx: Db, item: EventItem) {
  const reference = itemReference({ itemKind: item.itemKind, kind: item.kind, id: item.id, receivedAt: item.createdAt });
  const customer = await eventCustomer(tx, item.customerId);
  return { reference, customer, kind: item.kind, title: item.itemKind === 'Submission' ? customerKindText(item.kind) : inboxKindText(item.kind) };
}

const typeOf = (item: EventItem, change: 'statusChanged' | 'answered') =>
  `${item.itemKind === 'Submission' ? 'submission' : 'serviceOrder'}.${change}` as const;

/** A status an actor set on an item. */
export async function recordStatusChange(tx: Db, item: EventItem, change: { from: string; to: string; by: EventActor }): Promise<void> {
  const base = await itemBase(tx, item);
  const data = { status: change.to, previousStatus: change.from, changedAt: new Date().toISOString(), changedBy: change.by };
  const type = typeOf(item, 'statusChanged');
  await recordEvent(tx, {
    type,
    customerId: item.customerId,
    subject: base.reference,
    data: (type === 'submission.statusChanged' ? { ...base, ...data } : { reference: base.reference, customer: base.customer, ...data }) as never,
    patientIds: item.patientId === null ? [] : [item.patientId],
  });
}

/** An answer an actor mailed to the item's submitter. */
export async function recordAnswer(tx: Db, item: EventItem, answer: { subject: string; text: string; mailedTo: string; by: EventActor }): Promise<void> {
  const base = await itemBase(tx, item);
  const data = { subject: answer.subject, text: answer.text, mailedTo: answer.mailedTo, answeredAt: new Date().toISOString(), answeredBy: answer.by };
  const type = typeOf(item, 'answered');
  await recordEvent(tx, {
    type,
    customerId: item.customerId,
    subject: base.reference,
    data: (type === 'submission.answered' ? { ...base, ...data } : { reference: base.reference, customer: base.customer, ...data }) as never,
    patientIds: item.patientId === null ? [] : [item.patientId],
  });
}
