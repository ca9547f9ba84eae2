import { sql, type SQL } from 'drizzle-orm';
import { webhookText, type TableResponse, type WebhookDeliveryFilters, type WebhookDeliveryRow } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { UUID } from '../../db/tenancy.js';
import { fieldError, HttpProblem } from '../../lib/problems.js';
import { endpointNotFound, typesAllowed } from './endpoints.js';

/** The deliveries of webhooks and their attempts, as the back-office and the command line read and replay them. */

const deliveryNotFound = () => new HttpProblem(404, webhookText.deliveryUnknown);

interface DeliveryRecord extends Record<string, unknown> {
  id: number | string;
  endpoint_id: string;
  url: string;
  event_id: string;
  event_type: string;
  event_position: number | string;
  replay: boolean;
  status: WebhookDeliveryRow['status'];
  attempts: number;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  total: number | string;
}

const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

export const webhookDeliveryAdmin = {
  /** Newest first, a page at a time; the period is when the deliveries were made. */
  async list(db: Db, filters: WebhookDeliveryFilters): Promise<TableResponse<WebhookDeliveryRow>> {
    // The command line passes what was typed; the back-office's contract has checked it already.
    if (filters.endpointId && !UUID.test(filters.endpointId)) return { total: 0, items: [] };
    const where: SQL[] = [sql`true`];
    if (filters.endpointId) where.push(sql`d.endpoint_id = ${filters.endpointId}`);
    if (filters.status) where.push(sql`d.status = ${filters.status}`);
    if (filters.from) where.push(sql`d.created_at >= ${new Date(filters.from)}`);
    if (filters.until) where.push(sql`d.created_at < ${new Date(filters.until)}`);
    const rowsPerPage = filters.rowsPerPage ?? 20;
    const offset = ((filters.page ?? 1) - 1) * rowsPerPage;
    const result = await db.execute<DeliveryRecord>(sql`
      select d.*, e.url, count(*) over () as total
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where ${sql.join(where, sql` and `)}
      order by d.id desc limit ${rowsPerPage} offset ${offset}`);
    const total = result.rows[0] ? Number(result.rows[0].total) : 0;
    return {
      total,
      items: result.rows.map((r) => ({
        id: Number(r.id),
        endpointId: r.endpoint_id,
        url: r.url,
        eventId: r.event_id,
        eventType: r.event_type,
        eventPosition: Number(r.event_position),
        replay: r.replay,
        status: r.status,
        attempts: r.attempts,
        nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
        lastAttemptAt: iso(r.last_attempt_at),
        lastStatusCode: r.last_status_code,
        lastError: r.last_error,
        deliveredAt: iso(r.delivered_at),
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  },

  async attempts(db: Db, deliveryId: number) {
    const delivery = await db.execute(sql`select id from webhook_deliveries where id = ${deliveryId}`);
    if (delivery.rows.length === 0) throw deliveryNotFound();
    const result = await db.execute<{ id: number | string; attempted_at: string; status_code: number | null; error: string | null; duration_ms: number }>(
      sql`select id, attempted_at, status_code, error, duration_ms from webhook_attempts where delivery_id = ${deliveryId} order by id`,
    );
    return result.rows.map((r) => ({
      id: Number(r.id),
      attemptedAt: new Date(r.attempted_at).toISOString(),
      statusCode: r.status_code,
      error: r.error,
      durationMs: r.duration_ms,
    }));
  },

  /**
   * Sends a delivery again, with the same webhook-id: pending from now, with a new three-day window. A delivery
   * in flight keeps its lease, so it is never sent twice at once.
   */
  async replayOne(db: Db, deliveryId: number, now: Date): Promise<{ endpointId: string }> {
    const result = await db.execute<{ endpoint_id: string; enabled: boolean }>(sql`
      select d.endpoint_id, e.enabled from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ${deliveryId}`);
    const found = result.rows[0];
    if (!found) throw deliveryNotFound();
    if (!found.enabled) throw new HttpProblem(409, webhookText.enableFirst);
    await db.execute(sql`
      update webhook_deliveries set status = 'pending', attempts = 0, first_attempt_at = null, next_attempt_at = ${now}, delivered_at = null
      where id = ${deliveryId}`);
    return { endpointId: found.endpoint_id };
  },

  /**
   * New deliveries of every event of the period (by when it happened) that the endpoint takes, as its client's
   * scopes allow now, up to what was fanned out to it: the same event ids, so a receiver recognises them.
   */
  async replayPeriod(db: Db, endpointId: string, from: Date, until: Date, now: Date): Promise<number> {
    if (until < from) throw fieldError('until', webhookText.periodInvalid);
    if (!UUID.test(endpointId)) throw endpointNotFound();
    const result = await db.execute<{ cursor: number | string; event_types: string[]; scopes: string[]; enabled: boolean }>(sql`
      select e.cursor, e.event_types, c.scopes, e.enabled from webhook_endpoints e join integration_clients c on c.id = e.integration_client_id
      where e.id = ${endpointId}`);
    const endpoint = result.rows[0];
    if (!endpoint) throw endpointNotFound();
    if (!endpoint.enabled) throw new HttpProblem(409, webhookText.enableFirst);
    const types = typesAllowed(endpoint.event_types, endpoint.scopes);
    if (types.length === 0) return 0;
    const inserted = await db.execute(sql`
      insert into webhook_deliveries (endpoint_id, event_id, event_type, event_position, replay, next_attempt_at)
      select ${endpointId}, id, type, position, true, ${now} from integration_events
      where position is not null and position <= ${endpoint.cursor} and occurred_at >= ${from} and occurred_at < ${until}
        and type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})
      order by position`);
    return inserted.rowCount ?? 0;
  },
};
