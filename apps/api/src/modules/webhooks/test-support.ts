import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { IntegrationEventType } from '@portal/contract';
import type { TestContext } from '../../test/harness.js';
import { WebhookDispatcher, type WebhookSettings } from './dispatcher.js';

/** What a webhook receiver got: one request. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** answer it (for a receiver that holds its requests) */
  answer: (status: number) => void;
}

/**
 * A real HTTP receiver on loopback. `respond` decides each request's status, or `hold` to keep it open until the
 * test answers it; `port` 0 is a free one. `next(n)` resolves once n requests have arrived in all.
 */
export async function startReceiver(respond: (request: Received, index: number) => number | 'hold' = () => 204, port = 0) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      open.add(res);
      const answer = (status: number) => {
        open.delete(res);
        res.writeHead(status).end();
      };
      const request: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answer };
      received.push(request);
      const decision = respond(request, received.length - 1);
      if (decision !== 'hold') answer(decision);
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    port: bound,
    received,
    next: (count: number) => (received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * The Standard Webhooks check as a receiver writes it from the specification alone (not the portal's signer):
 * the key is the base64 after `whsec_`; the signed content `<webhook-id>.<webhook-timestamp>.<body>`; the header
 * holds space-separated `v1,<base64>` signatures, one of which must match.
 */
export async function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): Promise<boolean> {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  const key = await webcrypto.subtle.importKey('raw', Buffer.from(secret.split('_')[1]!, 'base64'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) continue;
    if (await webcrypto.subtle.verify('HMAC', key, Buffer.from(signature, 'base64'), new TextEncoder().encode(`${id}.${timestamp}.${body}`))) return true;
  }
  return false;
}

/** An event of a customer as the lead's writers leave it: a row of the outbox, sequenced by the job. */
export async function insertEvent(ctx: TestContext, customerId: string, type: IntegrationEventType, occurredAt = new Date()): Promise<string> {
  const result = await ctx.database.ownerDb.execute<{ id: string }>(sql`
    insert into integration_events (type, client_id, subject, occurred_at, payload)
    values (${type}, ${customerId}, 'AAN-2026-000001', ${occurredAt}, ${JSON.stringify({ note: 'test' })}::jsonb) returning id`);
  return result.rows[0]!.id;
}

/** A settable clock for a dispatcher: the tests move time instead of waiting for it. */
export function testClock(start = new Date()) {
  const state = { now: start };
  return { now: () => state.now, advance: (ms: number) => (state.now = new Date(state.now.getTime() + ms)) };
}

export const testSettings: WebhookSettings = { intervalMs: 60_000, inFlight: 8, timeoutMs: 2_000, leaseMs: 60_000, disableAfterMs: 5 * 86_400_000 };

/** A dispatcher on the test's database, as an API process runs it (not started: the test runs its rounds). */
export function testDispatcher(ctx: TestContext, clock: () => Date, settings: Partial<WebhookSettings> = {}, mailQueued?: () => void) {
  const silent = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };
  return new WebhookDispatcher(ctx.database.ownerDb, { sealKey: ctx.totpKey, settings: { ...testSettings, ...settings }, log: silent, clock, mailQueued });
}

export interface DeliveryState {
  status: string;
  attempts: number;
  failing_since: Date | null;
  enabled: boolean;
}

export async function deliveryOf(ctx: TestContext, eventId: string): Promise<DeliveryState[]> {
  const result = await ctx.database.ownerDb.execute<Omit<DeliveryState, 'failing_since'> & { failing_since: string | null }>(sql`
    select d.status, d.attempts, e.failing_since, e.enabled from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
    where d.event_id = ${eventId} order by d.id`);
  return result.rows.map((r) => ({ ...r, failing_since: r.failing_since === null ? null : new Date(r.failing_since) }));
}

export async function attemptsOf(ctx: TestContext, eventId: string) {
  const result = await ctx.database.ownerDb.execute<{ status_code: number | null; error: string | null }>(sql`
    select a.status_code, a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.event_id = ${eventId} order by a.id`);
  return result.rows;
}
