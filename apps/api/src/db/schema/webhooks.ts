import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { integrationEvents } from './events.js';
import { integrationClients } from './integration.js';

/**
 * Webhooks of the provider's systems (issue 29.2, decision 0075): an integration client's endpoints, the events
 * fanned out to each as deliveries, and every attempt to deliver one. Not customer-owned: one endpoint receives
 * the events of every customer its client's scopes allow. Written by the background job (as the owner) and by the
 * back-office's Beheerder.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationClientId: uuid('integration_client_id')
      .notNull()
      .references(() => integrationClients.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** the event types it receives; each one allowed by its client's scopes when it was set */
    eventTypes: text('event_types').array().notNull(),
    /** `whsec_…`, sealed with the key of the secrets at rest (lib/crypto.ts): the portal signs with it */
    secretSealed: text('secret_sealed').notNull(),
    /** the last feed position fanned out to it: a new endpoint starts at the feed's end */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: ts('disabled_at'),
    /** why it is off: 'failing' (switched off by the portal) or the words of whoever switched it off */
    disabledReason: text('disabled_reason'),
    /** the first failed attempt since its last success; null while it delivers */
    failingSince: ts('failing_since'),
    lastSuccessAt: ts('last_success_at'),
    createdAt: createdAt(),
    secretRotatedAt: ts('secret_rotated_at'),
  },
  (t) => [index('webhook_endpoints_client').on(t.integrationClientId)],
);

/**
 * One event to one endpoint: made by the fan-out (once per endpoint and event) or by a replay of a period (as
 * many as are asked). Its webhook-id is the event's id, whichever delivery carries it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventPosition: bigint('event_position', { mode: 'number' }).notNull(),
    /** made by a replay of a period, beside the fan-out's delivery of the same event */
    replay: boolean('replay').notNull().default(false),
    /** 'pending', 'delivered' or 'failed' */
    status: text('status').notNull().default('pending'),
    /** attempts since it was made or replayed: the next back-off step */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** the first attempt since it was made or replayed: retried until three days after it */
    firstAttemptAt: ts('first_attempt_at'),
    /** a process sending it holds it until then; past it, another may send it again */
    leaseUntil: ts('lease_until'),
    leaseToken: uuid('lease_token'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_fanned_out').on(t.endpointId, t.eventId).where(sql`not ${t.replay}`),
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt to deliver: when, the answer's status code or the error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.id)],
);
