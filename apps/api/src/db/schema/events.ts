import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * What customers file and what happens to it, for the provider's systems (issue 29, decision 0076): one row per
 * event, written in the transaction that caused it. A row gets its `position` in the feed once it is committed
 * (the sequencer, `portal_sequence_events()`), so the feed's order is the order in which events became visible:
 * a reader that asks for what follows its last position never misses one. Provider-wide, like the audit trail:
 * one feed over every customer, ordered by position; `client_id` says whose it is.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    /** the order of writing, within and across transactions; the feed does not use it */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** the event's id as readers see it: stable, also as a webhook's id */
    id: uuid('id').notNull().defaultRandom(),
    /** its place in the feed, from 1 without gaps; null until the sequencer has seen it committed */
    position: bigint('position', { mode: 'number' }),
    /** e.g. 'submission.created', 'serviceOrder.statusChanged' */
    type: text('type').notNull(),
    customerId: uuid('client_id').notNull(),
    /** the item's one reference (AAN-/MEL-/BST-…) */
    subject: text('subject').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    /** the typed payload of the contract's event, as it was when it happened */
    payload: jsonb('payload').notNull(),
    /** the patients the payload names (our ids): a read of the event is audited per patient */
    patientIds: integer('patient_ids').array(),
    sequencedAt: ts('sequenced_at'),
    /** the W3C trace context of the request that caused it: its webhook deliveries continue that trace (decision 0092) */
    traceparent: text('traceparent'),
  },
  (t) => [
    uniqueIndex('integration_events_id').on(t.id),
    uniqueIndex('integration_events_position').on(t.position),
    index('integration_events_unsequenced').on(t.seq).where(sql`${t.position} is null`),
    index('integration_events_occurred').on(t.occurredAt),
  ],
);
