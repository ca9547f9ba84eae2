import { sql } from 'drizzle-orm';
import { eventReadScope, integrationEventTypes, webhookText, type IntegrationEventType, type IntegrationScope, type WebhookEndpointRow } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { webhookEndpoints } from '../../db/schema.js';
import { UUID } from '../../db/tenancy.js';
import { encryptSecret } from '../../lib/crypto.js';
import { fieldError, HttpProblem } from '../../lib/problems.js';
import { newWebhookSecret } from './signature.js';

/**
 * The endpoints of integration clients (issue 29.2, decision 0075), managed by the back-office (in a staff
 * transaction) and by command (as the owner): the same rules either way.
 */

/** Of an endpoint's types, those its client's scopes allow now: a narrowed client receives no more than it may read. */
export const typesAllowed = (types: readonly string[], scopes: readonly string[]): IntegrationEventType[] =>
  integrationEventTypes.filter((type) => types.includes(type) && scopes.includes(eventReadScope(type)));

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** An endpoint's address: https, or http to this machine itself (a local relay) or where the setting allows it. */
export function checkWebhookUrl(text: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw fieldError('url', webhookText.urlInvalid);
  }
  const plainAllowed = allowHttp || LOOPBACK.test(url.hostname);
  if (url.username || url.password || !(url.protocol === 'https:' || (url.protocol === 'http:' && plainAllowed))) {
    throw fieldError('url', webhookText.urlInvalid);
  }
  return url.toString();
}

export const endpointNotFound = () => new HttpProblem(404, webhookText.endpointUnknown);

const checkId = (id: string) => {
  if (!UUID.test(id)) throw endpointNotFound();
  return id;
};

export interface NewEndpoint {
  integrationClientId: string;
  url: string;
  eventTypes: readonly string[];
}

export const webhookEndpointAdmin = {
  /** Adds an endpoint that receives what follows in the feed; answers its secret, which is not shown again. */
  async create(db: Db, sealKey: Buffer, input: NewEndpoint, options: { allowHttp: boolean }): Promise<{ id: string; secret: string }> {
    const url = checkWebhookUrl(input.url, options.allowHttp);
    const client = UUID.test(input.integrationClientId)
      ? (
          await db.execute<{ scopes: string[] }>(
            sql`select scopes from integration_clients where id = ${input.integrationClientId} and revoked_at is null`,
          )
        ).rows[0]
      : undefined;
    if (!client) throw fieldError('integrationClientId', webhookText.clientUnknown);
    const types = [...new Set(input.eventTypes)];
    if (types.length === 0) throw fieldError('eventTypes', webhookText.eventTypesRequired);
    for (const type of types) {
      if (!(integrationEventTypes as readonly string[]).includes(type)) throw fieldError('eventTypes', webhookText.eventTypeUnknown(type));
      const scope: IntegrationScope = eventReadScope(type as IntegrationEventType);
      if (!client.scopes.includes(scope)) throw fieldError('eventTypes', webhookText.eventTypeNotAllowed(type, scope));
    }
    const secret = newWebhookSecret();
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        integrationClientId: input.integrationClientId,
        url,
        eventTypes: types,
        secretSealed: encryptSecret(secret, sealKey),
        cursor: sql`(select coalesce(max(position), 0) from integration_events)`,
      })
      .returning({ id: webhookEndpoints.id });
    return { id: row!.id, secret };
  },

  async list(db: Db, integrationClientId: string | null = null): Promise<WebhookEndpointRow[]> {
    if (integrationClientId !== null && !UUID.test(integrationClientId)) return [];
    const rows = await db.execute<{
      id: string;
      integration_client_id: string;
      client_name: string;
      url: string;
      event_types: string[];
      enabled: boolean;
      disabled_at: string | null;
      disabled_reason: string | null;
      failing_since: string | null;
      last_success_at: string | null;
      pending: number;
      created_at: string;
    }>(sql`
      select e.id, e.integration_client_id, c.name as client_name, e.url, e.event_types, e.enabled, e.disabled_at, e.disabled_reason,
        e.failing_since, e.last_success_at, e.created_at,
        (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'pending') as pending
      from webhook_endpoints e join integration_clients c on c.id = e.integration_client_id
      where ${integrationClientId === null ? sql`true` : sql`e.integration_client_id = ${integrationClientId}`}
      order by c.name, e.created_at`);
    const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);
    return rows.rows.map((r) => ({
      id: r.id,
      integrationClientId: r.integration_client_id,
      clientName: r.client_name,
      url: r.url,
      eventTypes: r.event_types,
      enabled: r.enabled,
      disabledAt: iso(r.disabled_at),
      disabledReason: r.disabled_reason,
      failingSince: iso(r.failing_since),
      lastSuccessAt: iso(r.last_success_at),
      pendingDeliveries: Number(r.pending),
      createdAt: new Date(r.created_at).toISOString(),
    }));
  },

  /**
   * Off: its deliveries wait and nothing new is fanned out to it. On: the waiting deliveries get a new three-day
   * window from now, and the fan-out catches up from its cursor with what happened meanwhile.
   */
  async setEnabled(db: Db, id: string, enabled: boolean, reason: string | null, now: Date): Promise<void> {
    const updated = await db.execute(
      enabled
        ? sql`update webhook_endpoints set enabled = true, disabled_at = null, disabled_reason = null, failing_since = null where id = ${checkId(id)} returning id`
        : sql`update webhook_endpoints set enabled = false, disabled_at = coalesce(disabled_at, ${now}), disabled_reason = ${reason}
              where id = ${checkId(id)} returning id`,
    );
    if (updated.rows.length === 0) throw endpointNotFound();
    if (enabled) {
      await db.execute(sql`
        update webhook_deliveries set attempts = 0, first_attempt_at = null, next_attempt_at = ${now}
        where endpoint_id = ${id} and status = 'pending'`);
    }
  },

  /** A new secret at once; the receiver takes it from the answer. */
  async rotateSecret(db: Db, sealKey: Buffer, id: string, now: Date): Promise<{ id: string; secret: string }> {
    const secret = newWebhookSecret();
    const updated = await db.execute(
      sql`update webhook_endpoints set secret_sealed = ${encryptSecret(secret, sealKey)}, secret_rotated_at = ${now} where id = ${checkId(id)} returning id`,
    );
    if (updated.rows.length === 0) throw endpointNotFound();
    return { id, secret };
  },

  async remove(db: Db, id: string): Promise<void> {
    const removed = await db.execute(sql`delete from webhook_endpoints where id = ${checkId(id)} returning id`);
    if (removed.rows.length === 0) throw endpointNotFound();
  },
};
