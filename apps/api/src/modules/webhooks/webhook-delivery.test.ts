import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { webhookText, type IntegrationEventType, type IntegrationScope } from '@portal/contract';
import { createCustomer, createTestContext, mailsTo, type TestContext, type TestCustomer } from '../../test/harness.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';
import { integrationClientAdmin } from '../integration/integration-clients.js';
import { SCOPE_WITHDRAWN } from './attempt.js';
import { webhookEndpointAdmin } from './endpoints.js';
import { attemptsOf, deliveryOf, insertEvent, startReceiver, testClock, testDispatcher, verifyStandardWebhook, type Receiver } from './test-support.js';

/** Issue 29.2: webhooks delivered from the event outbox to a real receiver on loopback. */
let ctx: TestContext;
let customer: TestCustomer;
const receivers: Receiver[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx);
});
afterEach(async () => {
  // Each test has its own endpoint: an earlier test's must not take in-flight places or events of a later one.
  await ctx.database.ownerDb.execute(sql`delete from webhook_endpoints`);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => ctx.close());

const CONTACT = 'koppelingen@erp.test';

async function endpointTo(url: string, types: IntegrationEventType[] = ['submission.created'], scopes: IntegrationScope[] = ['submissions:read', 'orders:read']) {
  const client = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP Oosterwolde', scopes, CONTACT);
  return webhookEndpointAdmin.create(ctx.database.ownerDb, ctx.totpKey, { integrationClientId: client.clientId, url, eventTypes: types }, { allowHttp: false });
}

async function receiver(respond?: Parameters<typeof startReceiver>[0], port?: number) {
  const r = await startReceiver(respond, port);
  receivers.push(r);
  return r;
}

describe('a delivery', () => {
  it('is signed as Standard Webhooks says, checked by a receiver of its own; only the types the endpoint takes go', async () => {
    const hook = await receiver();
    const endpoint = await endpointTo(hook.url, ['submission.created']);
    const eventId = await insertEvent(ctx, customer.id, 'submission.created');
    await insertEvent(ctx, customer.id, 'serviceOrder.created');
    const clock = testClock(new Date('2026-11-24T08:00:00.250Z'));

    expect(await testDispatcher(ctx, clock.now).runOnce()).toEqual({ fannedOut: 1, attempted: 1 });

    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(request!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^MijnSpits-Webhooks\//);
    expect(JSON.parse(request!.body)).toMatchObject({ id: eventId, type: 'submission.created', data: { note: 'test' } });
    expect(Object.keys(JSON.parse(request!.body))).toEqual(['id', 'position', 'type', 'timestamp', 'data']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await verifyStandardWebhook(endpoint.secret, request!.headers, request!.body)).toBe(true);
    // The check is no formality: another body, or another secret, does not pass.
    expect(await verifyStandardWebhook(endpoint.secret, request!.headers, request!.body.replace('test', 'tesT'))).toBe(false);
    expect(await verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request!.headers, request!.body)).toBe(false);
    expect(await deliveryOf(ctx, eventId)).toEqual([{ status: 'delivered', attempts: 1, failing_since: null, enabled: true }]);
  });

  it('to a receiver that answers 500, then is down, then up: delivered with the same webhook-id, every attempt logged', async () => {
    let status = 500;
    const hook = await receiver(() => status);
    await endpointTo(hook.url);
    const eventId = await insertEvent(ctx, customer.id, 'submission.created');
    const clock = testClock(new Date('2026-11-24T08:00:00Z'));
    const dispatcher = testDispatcher(ctx, clock.now);

    await dispatcher.runOnce();
    expect(await deliveryOf(ctx, eventId)).toEqual([{ status: 'pending', attempts: 1, failing_since: clock.now(), enabled: true }]);
    // Not due before its back-off has passed.
    expect((await dispatcher.runOnce()).attempted).toBe(0);

    await hook.close();
    clock.advance(5_000);
    expect((await dispatcher.runOnce()).attempted).toBe(1);
    expect((await deliveryOf(ctx, eventId))[0]).toMatchObject({ status: 'pending', attempts: 2 });

    status = 200;
    const again = await receiver(() => status, hook.port);
    clock.advance(5 * 60_000);
    expect((await dispatcher.runOnce()).attempted).toBe(1);

    expect(again.received.map((r) => r.headers['webhook-id'])).toEqual([eventId]);
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([eventId]);
    expect(await deliveryOf(ctx, eventId)).toEqual([{ status: 'delivered', attempts: 3, failing_since: null, enabled: true }]);
    expect((await attemptsOf(ctx, eventId)).map((a) => [a.status_code, a.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'ECONNREFUSED'],
      [200, null],
    ]);
  });
});

describe('an endpoint that keeps failing', () => {
  it('gives a delivery up after three days, is switched off after its window (its client mailed), and delivers what waited once on again', async () => {
    let status = 503;
    const hook = await receiver(() => status);
    const endpoint = await endpointTo(hook.url);
    const start = new Date('2026-11-20T09:00:00Z');
    const clock = testClock(start);
    let kicked = 0;
    const dispatcher = testDispatcher(ctx, clock.now, {}, () => (kicked += 1));
    const first = await insertEvent(ctx, customer.id, 'submission.created');
    await dispatcher.runOnce();

    clock.advance(4 * 86_400_000);
    await dispatcher.runOnce();
    // Its next attempt would fall after three days from its first: given up; the endpoint is still on (4 of 5 days).
    expect(await deliveryOf(ctx, first)).toEqual([{ status: 'failed', attempts: 2, failing_since: start, enabled: true }]);
    expect(await mailsTo(ctx, CONTACT)).toEqual([]);

    clock.advance(86_400_000 + 60_000);
    const second = await insertEvent(ctx, customer.id, 'submission.created');
    await dispatcher.runOnce();
    expect(await deliveryOf(ctx, second)).toEqual([{ status: 'pending', attempts: 1, failing_since: start, enabled: false }]);
    const mails = await mailsTo(ctx, CONTACT);
    const expected = webhookText.switchedOffMail({ clientName: 'ERP Oosterwolde', url: hook.url, since: dutchMomentOf(start), endpointId: endpoint.id, days: 5 });
    expect(mails.map((m) => [m.subject, m.textBody])).toEqual([[expected.subject, expected.text]]);
    expect(mails[0]!.textBody).toContain(`Sinds ${dutchMomentOf(start)} is geen enkele aflevering naar dit adres gelukt`);
    expect(mails[0]!.textBody).toContain(`npm run portal -- webhook-enable --id ${endpoint.id}`);
    expect(kicked).toBe(1);

    // Off: nothing more is sent, nothing new fanned out.
    const third = await insertEvent(ctx, customer.id, 'submission.created');
    clock.advance(86_400_000);
    expect(await dispatcher.runOnce()).toEqual({ fannedOut: 0, attempted: 0 });
    const sentWhileFailing = hook.received.length;

    status = 204;
    await webhookEndpointAdmin.setEnabled(ctx.database.ownerDb, endpoint.id, true, null, clock.now());
    await dispatcher.runOnce();
    expect(hook.received.slice(sentWhileFailing).map((r) => r.headers['webhook-id']).sort()).toEqual([second, third].sort());
    expect((await deliveryOf(ctx, first))[0]!.status).toBe('failed');
    expect((await deliveryOf(ctx, third))[0]).toEqual({ status: 'delivered', attempts: 1, failing_since: null, enabled: true });
  });
});

describe("a client's access taken away", () => {
  it('a scope withdrawn: what it may no longer read is not sent; a revoked client: nothing is sent', async () => {
    const hook = await receiver();
    const client = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['submissions:read', 'orders:read'], CONTACT);
    await webhookEndpointAdmin.create(
      ctx.database.ownerDb,
      ctx.totpKey,
      { integrationClientId: client.clientId, url: hook.url, eventTypes: ['submission.created', 'serviceOrder.created'] },
      { allowHttp: false },
    );
    const dispatcher = testDispatcher(ctx, testClock().now);
    await ctx.database.ownerDb.execute(sql`select portal_sequence_events()`);
    const patientData = await insertEvent(ctx, customer.id, 'submission.created');
    const order = await insertEvent(ctx, customer.id, 'serviceOrder.created');
    await ctx.database.ownerDb.execute(sql`select portal_sequence_events()`);
    await dispatcher.fanOut();
    // Fanned out while allowed; the scope is taken before they are sent.
    await ctx.database.ownerDb.execute(sql`update integration_clients set scopes = '{orders:read}' where id = ${client.clientId}`);
    await dispatcher.sendDue();
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([order]);
    expect((await deliveryOf(ctx, patientData))[0]!.status).toBe('failed');
    expect((await attemptsOf(ctx, patientData)).map((a) => a.error)).toEqual([SCOPE_WITHDRAWN]);

    const fannedOut = await insertEvent(ctx, customer.id, 'serviceOrder.created');
    await ctx.database.ownerDb.execute(sql`select portal_sequence_events()`);
    await dispatcher.fanOut();
    await integrationClientAdmin.revoke(ctx.database.ownerDb, client.clientId);
    const afterRevoke = await insertEvent(ctx, customer.id, 'serviceOrder.created');
    expect(await dispatcher.runOnce()).toEqual({ fannedOut: 0, attempted: 0 });
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([order]);
    expect((await deliveryOf(ctx, fannedOut))[0]!.status).toBe('pending');
    expect(await deliveryOf(ctx, afterRevoke)).toEqual([]);
  });
});

describe('two dispatchers on one database', () => {
  it('never send the same delivery at the same moment', async () => {
    const held = 16;
    const hook = await receiver((_request, index) => (index < held ? 'hold' : 204));
    await endpointTo(hook.url);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1) ids.add(await insertEvent(ctx, customer.id, 'submission.created'));
    const clock = testClock();
    // Two API processes' jobs: each fills its 8 places; the receiver holds them all open at once.
    const [a, b] = [testDispatcher(ctx, clock.now, { timeoutMs: 60_000 }), testDispatcher(ctx, clock.now, { timeoutMs: 60_000 })];
    await ctx.database.ownerDb.execute(sql`select portal_sequence_events()`);
    await a.fanOut();
    const sending = Promise.all([a.sendDue(), b.sendDue()]);

    await hook.next(held);
    const inFlight = hook.received.map((r) => r.headers['webhook-id']);
    expect(new Set(inFlight).size).toBe(held);
    for (const request of hook.received) request.answer(204);
    expect((await sending).reduce((x, y) => x + y, 0)).toBe(20);

    expect(hook.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
    const states = await ctx.database.ownerDb.execute<{ status: string; attempts: number; n: number }>(
      sql`select status, attempts, count(*)::int as n from webhook_deliveries group by status, attempts`,
    );
    expect(states.rows).toEqual([{ status: 'delivered', attempts: 1, n: 20 }]);
  });
});
