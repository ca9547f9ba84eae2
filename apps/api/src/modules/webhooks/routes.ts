import { sql } from 'drizzle-orm';
import { backofficeWebhookCalls as calls } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { webhookDeliveryAdmin } from './deliveries.js';
import { webhookEndpointAdmin } from './endpoints.js';

/**
 * Webhooks in the back-office (issue 29.2): the Beheerder manages the integration clients' endpoints and reads and
 * replays their deliveries. Every act is audited; a secret is answered once and never written to the audit trail.
 */
export const registerWebhooksAdmin =
  (options: { allowHttp: boolean }): BackofficeModule =>
  (door, deps) => {
    door.call(calls.listClients, async ({ tx }) => {
      const rows = await tx.execute<{ id: string; name: string; scopes: string[]; contact_email: string | null; revoked: boolean }>(
        sql`select id, name, scopes, contact_email, revoked_at is not null as revoked from integration_clients order by name`,
      );
      return rows.rows.map((r) => ({ id: r.id, name: r.name, scopes: r.scopes, contactEmail: r.contact_email, revoked: r.revoked }));
    });
    door.call(calls.listEndpoints, ({ body, tx }) => webhookEndpointAdmin.list(tx, body.integrationClientId ?? null));
    door.call(calls.createEndpoint, async ({ body, tx, audit }) => {
      const created = await webhookEndpointAdmin.create(tx, deps.totpKey, body, options);
      await audit({
        action: 'Backoffice.WebhookCreate',
        objectType: 'WebhookEndpoint',
        objectId: created.id,
        details: { integrationClientId: body.integrationClientId, url: body.url, eventTypes: body.eventTypes },
      });
      return created;
    });
    door.call(calls.setEndpointEnabled, async ({ body, tx, audit }) => {
      await webhookEndpointAdmin.setEnabled(tx, body.id, body.enabled, body.reason ?? null, deps.clock());
      await audit({ action: body.enabled ? 'Backoffice.WebhookEnable' : 'Backoffice.WebhookDisable', objectType: 'WebhookEndpoint', objectId: body.id, details: { reason: body.reason ?? null } });
    });
    door.call(calls.rotateSecret, async ({ body, tx, audit }) => {
      const rotated = await webhookEndpointAdmin.rotateSecret(tx, deps.totpKey, body.id, deps.clock());
      await audit({ action: 'Backoffice.WebhookRotateSecret', objectType: 'WebhookEndpoint', objectId: body.id });
      return rotated;
    });
    door.call(calls.removeEndpoint, async ({ body, tx, audit }) => {
      await webhookEndpointAdmin.remove(tx, body.id);
      await audit({ action: 'Backoffice.WebhookRemove', objectType: 'WebhookEndpoint', objectId: body.id });
    });
    door.call(calls.listDeliveries, ({ body, tx }) => webhookDeliveryAdmin.list(tx, body));
    door.call(calls.listAttempts, ({ body, tx }) => webhookDeliveryAdmin.attempts(tx, body.deliveryId));
    door.call(calls.replayDelivery, async ({ body, tx, audit }) => {
      const { endpointId } = await webhookDeliveryAdmin.replayOne(tx, body.deliveryId, deps.clock());
      await audit({ action: 'Backoffice.WebhookReplay', objectType: 'WebhookDelivery', objectId: String(body.deliveryId), details: { endpointId } });
    });
    door.call(calls.replayPeriod, async ({ body, tx, audit }) => {
      const deliveries = await webhookDeliveryAdmin.replayPeriod(tx, body.endpointId, new Date(body.from), new Date(body.until), deps.clock());
      await audit({ action: 'Backoffice.WebhookReplayPeriod', objectType: 'WebhookEndpoint', objectId: body.endpointId, details: { from: body.from, until: body.until, deliveries } });
      return { deliveries };
    });
  };
