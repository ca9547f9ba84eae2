import { sql } from 'drizzle-orm';
import { customerKindText, inboxKindText, itemReference, type InboxItemKind, type IntegrationEventData, type IntegrationEventType } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { integrationEvents } from '../../db/schema.js';
import { currentTraceparent } from '../../lib/observability/tracing.js';

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
    // its webhook deliveries continue the trace of the request that caused it (decision 0092)
    traceparent: currentTraceparent(),
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

/**
 * An event of what became of an item (a status, an answer, a reply): a submission's names its kind as well, a service
 * order's only its reference and customer.
 */
export async function recordItemEvent(tx: Db, item: EventItem, change: 'statusChanged' | 'answered' | 'replied', data: Record<string, unknown>): Promise<void> {
  const { reference, customer, kind, title } = await itemBase(tx, item);
  const submission = item.itemKind === 'Submission';
  await recordEvent(tx, {
    type: `${submission ? 'submission' : 'serviceOrder'}.${change}`,
    customerId: item.customerId,
    subject: reference,
    data: { reference, customer, ...(submission ? { kind, title } : {}), ...data } as never,
    patientIds: item.patientId === null ? [] : [item.patientId],
  });
}

/** A status an actor set on an item. */
export function recordStatusChange(tx: Db, item: EventItem, change: { from: string; to: string; by: EventActor }): Promise<void> {
  return recordItemEvent(tx, item, 'statusChanged', { status: change.to, previousStatus: change.from, changedAt: new Date().toISOString(), changedBy: change.by });
}

/** An answer an actor mailed to the item's submitter. */
export function recordAnswer(tx: Db, item: EventItem, answer: { subject: string; text: string; mailedTo: string; by: EventActor }): Promise<void> {
  const { subject, text, mailedTo, by } = answer;
  return recordItemEvent(tx, item, 'answered', { subject, text, mailedTo, answeredAt: new Date().toISOString(), answeredBy: by });
}
