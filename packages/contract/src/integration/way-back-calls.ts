import { z } from 'zod';
import { defineCall } from '../define.js';
import { inboxStatus } from '../enums.js';
import { integrationEvent, integrationEventType } from './events.js';
import { integrationBasePath } from './kinds.js';

/**
 * The calls of the way back (issue 29): the provider's systems read what customers filed and what became of it
 * (the event feed, the uploaded files) and write back a status or an answer, as the back-office's staff do.
 */

/** The feed's cursor: the position of the last event read (0 or left out: from the start of what is kept). */
const cursor = z.coerce.number({ error: 'verwacht de cursor van het vorige antwoord (next)' }).int().min(0).max(Number.MAX_SAFE_INTEGER);
const types = z
  .string()
  .transform((text) => text.split(',').map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(integrationEventType).min(1));

export const eventFeed = z.object({
  /** In feed order; only the types the client's scopes read (and asked for). */
  events: z.array(integrationEvent),
  /** The cursor for the next call: the position of the last event this answer passed (also when it showed none). */
  next: z.string(),
  /** Whether more events follow now: call again at once; otherwise poll after a while. */
  hasMore: z.boolean(),
});
export type EventFeed = z.infer<typeof eventFeed>;

/** An item by its one reference (AAN-/MEL-… for a submission, BST-… for a service order). */
const submissionParams = z.object({ reference: z.string().regex(/^(AAN|MEL)-\d{4}-\d{6,10}$/, 'verwacht AAN-JJJJ-NNNNNN of MEL-JJJJ-NNNNNN') });
const serviceOrderParams = z.object({ reference: z.string().regex(/^BST-\d{4}-\d{6,10}$/, 'verwacht BST-JJJJ-NNNNNN') });
const statusBody = z.strictObject({ status: inboxStatus });
const answerBody = z.strictObject({
  /** left out: 'Antwoord op <wat het is> <referentie>', as the back-office's answer */
  subject: z.string().trim().min(1).max(200).optional(),
  text: z.string().trim().min(1).max(10_000),
});
/** What a write-back answers: the item's reference and status after it. */
const itemState = z.object({ reference: z.string(), status: inboxStatus });

function writeBack<P extends z.ZodObject, B extends z.ZodObject>(
  controller: string,
  scope: 'orders:write' | 'submissions:write',
  action: string,
  path: string,
  params: P,
  body: B,
  summary: string,
) {
  return defineCall({
    controller,
    action,
    method: 'POST',
    base: integrationBasePath,
    path: `${integrationBasePath}/${path}`,
    roles: [scope],
    summary,
    params,
    body,
    submission: true,
    extraStatuses: [409, 422],
    response: itemState,
  });
}

export const wayBackCalls = {
  events: defineCall({
    controller: 'events',
    action: 'Feed',
    method: 'GET',
    base: integrationBasePath,
    path: `${integrationBasePath}/events`,
    summary: 'The events after a cursor, in the order they happened (scopes orders:read, submissions:read)',
    query: z.object({ after: cursor.default(0), limit: z.coerce.number().int().min(1).max(1000).default(100), types: types.optional() }),
    response: eventFeed,
    extraStatuses: [410],
  }),
  file: defineCall({
    controller: 'events',
    action: 'File',
    method: 'GET',
    base: integrationBasePath,
    path: `${integrationBasePath}/files/{id}`,
    roles: ['submissions:read'],
    summary: 'A file a customer uploaded with a submission, as an event links it',
    params: z.object({ id: z.uuid() }),
    response: 'file',
  }),
  setSubmissionStatus: writeBack('submissions', 'submissions:write', 'SetStatus', 'submissions/{reference}/status', submissionParams, statusBody, "Set a submission's status"),
  answerSubmission: writeBack('submissions', 'submissions:write', 'Answer', 'submissions/{reference}/answers', submissionParams, answerBody, 'Answer a submission: the customer gets it by mail and sees it'),
  setServiceOrderStatus: writeBack('service-orders', 'orders:write', 'SetStatus', 'service-orders/{reference}/status', serviceOrderParams, statusBody, "Set a service order's status"),
  answerServiceOrder: writeBack('service-orders', 'orders:write', 'Answer', 'service-orders/{reference}/answers', serviceOrderParams, answerBody, 'Answer a service order: the customer gets it by mail and sees it'),
};
