import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { pollUntil } from '../../test/poll.js';
import { processStarts, removeServerWorkDirs, startServerProcess } from '../../test/server-process.js';
import { integrationClientAdmin } from '../integration/integration-clients.js';
import { webhookEndpointAdmin } from './endpoints.js';
import { insertEvent, startReceiver, verifyStandardWebhook, type Receiver } from './test-support.js';

/**
 * Issue 29.2: the API process killed (SIGKILL) while it delivers a webhook. The server's own process entry on the
 * test's database, twice: the second finds the delivery once the first one's lease has passed, and sends it.
 */
let ctx: TestContext;
let hook: Receiver;
beforeAll(async () => {
  ctx = await createTestContext();
  // The first request is held open (the process is killed while it waits); every later one is answered.
  hook = await startReceiver((_request, index) => (index === 0 ? 'hold' : 204));
});
afterAll(async () => {
  await hook.close();
  await ctx.close();
  await removeServerWorkDirs();
});

const startServer = () =>
  startServerProcess({
    DATABASE_URL: String(ctx.database.ownerPool.options.connectionString),
    DATABASE_APP_PASSWORD: 'portal-app-test-password',
    JWT_SECRET: ctx.jwtSecret,
    TOTP_ENCRYPTION_KEY: ctx.totpKey.toString('hex'),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEBHOOK_POLL_INTERVAL_MS: '100',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_LEASE_MS: '500',
  });

const deliveryRow = async (eventId: string) =>
  (
    await ctx.database.ownerDb.execute<{ status: string; lease_until: string | null; attempts: number }>(
      sql`select status, lease_until, attempts from webhook_deliveries where event_id = ${eventId}`,
    )
  ).rows[0];

describe('an API process killed during a delivery', () => {
  it('leaves the delivery to the next process, which sends it with the same webhook-id: never lost', async () => {
    const customer = await createCustomer(ctx);
    const client = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['submissions:read'], 'erp@provider.test');
    const { secret } = await webhookEndpointAdmin.create(
      ctx.database.ownerDb,
      ctx.totpKey,
      { integrationClientId: client.clientId, url: hook.url, eventTypes: ['submission.created'] },
      { allowHttp: false },
    );
    const eventId = await insertEvent(ctx, customer.id, 'submission.created');

    const first = await startServer();
    await first.whileRunning(hook.next(1));
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    // Claimed, never answered: still pending under the dead process's lease.
    expect(await deliveryRow(eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await deliveryRow(eventId))!.lease_until).not.toBeNull();

    const second = await startServer();
    try {
      await second.whileRunning(hook.next(2));
      const [killed, resent] = hook.received;
      expect(resent!.headers['webhook-id']).toBe(eventId);
      expect(killed!.headers['webhook-id']).toBe(eventId);
      expect(resent!.body).toBe(killed!.body);
      expect(await verifyStandardWebhook(secret, resent!.headers, resent!.body)).toBe(true);
      const delivered = await pollUntil(async () => ((await deliveryRow(eventId))?.status === 'delivered' ? true : undefined), {
        timeoutMs: 10_000,
        intervalMs: 50,
        failure: () => `not recorded as delivered:\n${second.output()}`,
      });
      expect(delivered).toBe(true);
      expect(hook.received).toHaveLength(2);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, processStarts(2));
});
