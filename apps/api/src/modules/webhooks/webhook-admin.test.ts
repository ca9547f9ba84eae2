import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeWebhookCalls as calls, webhookText, type TableResponse, type WebhookDeliveryRow, type WebhookEndpointRow } from '@portal/contract';
import { auditRows, call, createCustomer, createTestContext, type TestContext, type TestCustomer } from '../../test/harness.js';
import { staffToken } from '../backoffice/test-support.js';
import { integrationClientAdmin } from '../integration/integration-clients.js';
import { runWebhookCommand } from './cli-commands.js';
import { insertEvent, startReceiver, testDispatcher, verifyStandardWebhook, type Receiver } from './test-support.js';

/**
 * Issue 29.2: webhooks managed by the back-office's Beheerder and by command; replay of one delivery and of a period.
 * The job runs on the real clock here, as the app's calls do: a replay is due from the moment it is asked.
 */
let ctx: TestContext;
let customer: TestCustomer;
let beheerder: string;
let hook: Receiver;
let ordersOnly: string;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx);
  beheerder = await staffToken(ctx, 'Beheerder');
  hook = await startReceiver();
  ordersOnly = (await integrationClientAdmin.create(ctx.database.ownerDb, 'Orderdesk', ['orders:read'], 'orders@erp.test')).clientId;
});
afterEach(() => ctx.database.ownerDb.execute(sql`delete from webhook_endpoints`));
afterAll(async () => {
  await hook.close();
  await ctx.close();
});

const asBeheerder = (def: Parameters<typeof call>[1], body: unknown, token = beheerder) => call(ctx, def, { token, body });

async function createEndpoint(body: Record<string, unknown> = {}) {
  const res = await asBeheerder(calls.createEndpoint, { integrationClientId: ordersOnly, url: hook.url, eventTypes: ['serviceOrder.created'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; secret: string }>();
}

describe('an endpoint in the back-office', () => {
  it("is refused for event types outside its client's scopes, for an address that is not https, and to another role", async () => {
    const scopes = await asBeheerder(calls.createEndpoint, { integrationClientId: ordersOnly, url: hook.url, eventTypes: ['serviceOrder.created', 'submission.created'] });
    expect(scopes.statusCode).toBe(400);
    expect(scopes.json<{ errors: Record<string, string[]> }>().errors).toEqual({ eventTypes: [webhookText.eventTypeNotAllowed('submission.created', 'submissions:read')] });

    const plain = await asBeheerder(calls.createEndpoint, { integrationClientId: ordersOnly, url: 'http://erp.example.nl/hook', eventTypes: ['serviceOrder.created'] });
    expect(plain.json<{ errors: Record<string, string[]> }>().errors).toEqual({ url: [webhookText.urlInvalid] });

    const desk = await asBeheerder(calls.createEndpoint, { integrationClientId: ordersOnly, url: hook.url, eventTypes: ['serviceOrder.created'] }, await staffToken(ctx, 'Klantenservice'));
    expect(desk.statusCode).toBe(403);
    expect((await asBeheerder(calls.listEndpoints, {})).json<WebhookEndpointRow[]>()).toEqual([]);
    const clients = await call(ctx, calls.listClients, { token: beheerder });
    expect(clients.json()).toEqual([{ id: ordersOnly, name: 'Orderdesk', scopes: ['orders:read'], contactEmail: 'orders@erp.test', revoked: false }]);
  });

  it('is made with its secret once, listed with its health, switched off and on, given a new secret and removed; each act audited', async () => {
    const created = await createEndpoint();
    expect(created.secret).toMatch(/^whsec_/);
    const [listed] = (await asBeheerder(calls.listEndpoints, { integrationClientId: ordersOnly })).json<WebhookEndpointRow[]>();
    expect(listed).toMatchObject({ id: created.id, clientName: 'Orderdesk', url: hook.url, eventTypes: ['serviceOrder.created'], enabled: true, failingSince: null, lastSuccessAt: null, pendingDeliveries: 0 });

    expect((await asBeheerder(calls.setEndpointEnabled, { id: created.id, enabled: false, reason: 'Onderhoud ERP' })).statusCode).toBe(204);
    expect((await asBeheerder(calls.listEndpoints, {})).json<WebhookEndpointRow[]>()[0]).toMatchObject({ enabled: false, disabledReason: 'Onderhoud ERP' });
    expect((await asBeheerder(calls.setEndpointEnabled, { id: created.id, enabled: true })).statusCode).toBe(204);

    const rotated = (await asBeheerder(calls.rotateSecret, { id: created.id })).json<{ secret: string }>();
    expect(rotated.secret).not.toBe(created.secret);
    const eventId = await insertEvent(ctx, customer.id, 'serviceOrder.created');
    await testDispatcher(ctx, () => new Date()).runOnce();
    const request = hook.received.find((r) => r.headers['webhook-id'] === eventId)!;
    expect(await verifyStandardWebhook(rotated.secret, request.headers, request.body)).toBe(true);
    expect(await verifyStandardWebhook(created.secret, request.headers, request.body)).toBe(false);
    expect((await asBeheerder(calls.listEndpoints, {})).json<WebhookEndpointRow[]>()[0]!.lastSuccessAt).not.toBeNull();

    expect((await asBeheerder(calls.removeEndpoint, { id: created.id })).statusCode).toBe(204);
    expect((await asBeheerder(calls.listEndpoints, {})).json<WebhookEndpointRow[]>()).toEqual([]);
    expect((await asBeheerder(calls.removeEndpoint, { id: created.id })).statusCode).toBe(404);

    const audited = await ctx.database.ownerDb.execute<{ action: string; details: Record<string, unknown> | null }>(
      sql`select action, details from audit_log where action like 'Backoffice.Webhook%' order by id`,
    );
    expect(audited.rows.map((r) => r.action)).toEqual([
      'Backoffice.WebhookCreate',
      'Backoffice.WebhookDisable',
      'Backoffice.WebhookEnable',
      'Backoffice.WebhookRotateSecret',
      'Backoffice.WebhookRemove',
    ]);
    expect(JSON.stringify(audited.rows)).not.toContain('whsec_');
  });
});

describe('replay', () => {
  it('of one delivery sends it again with the same webhook-id, as a new attempt', async () => {
    const endpoint = await createEndpoint();
    const eventId = await insertEvent(ctx, customer.id, 'serviceOrder.created');
    const dispatcher = testDispatcher(ctx, () => new Date());
    await dispatcher.runOnce();
    const page = (await asBeheerder(calls.listDeliveries, { endpointId: endpoint.id, status: 'delivered' })).json<TableResponse<WebhookDeliveryRow>>();
    expect(page.items.map((d) => [d.eventId, d.status, d.attempts])).toEqual([[eventId, 'delivered', 1]]);
    const deliveryId = page.items[0]!.id;

    expect((await asBeheerder(calls.replayDelivery, { deliveryId })).statusCode).toBe(204);
    await dispatcher.runOnce();

    expect(hook.received.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(2);
    const attempts = (await asBeheerder(calls.listAttempts, { deliveryId })).json<{ statusCode: number | null }[]>();
    expect(attempts.map((a) => a.statusCode)).toEqual([204, 204]);
    expect((await auditRows(ctx, 'Backoffice.WebhookReplay')).map((r) => r.outcome)).toEqual(['Success']);
    expect((await asBeheerder(calls.replayDelivery, { deliveryId: 999_999 })).statusCode).toBe(404);
  });

  it('of a period delivers each event of it again, as new deliveries of the same event ids', async () => {
    const endpoint = await createEndpoint();
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 24, hour));
    const early = await insertEvent(ctx, customer.id, 'serviceOrder.created', at(7));
    const inside = [await insertEvent(ctx, customer.id, 'serviceOrder.created', at(9)), await insertEvent(ctx, customer.id, 'serviceOrder.created', at(10))];
    await insertEvent(ctx, customer.id, 'submission.created', at(9));
    const dispatcher = testDispatcher(ctx, () => new Date());
    await dispatcher.runOnce();
    const before = hook.received.length;

    const res = await asBeheerder(calls.replayPeriod, { endpointId: endpoint.id, from: at(8).toISOString(), until: at(11).toISOString() });
    expect(res.json()).toEqual({ deliveries: 2 });
    await dispatcher.runOnce();

    expect(hook.received.slice(before).map((r) => r.headers['webhook-id']).sort()).toEqual([...inside].sort());
    const replays = (await asBeheerder(calls.listDeliveries, { endpointId: endpoint.id })).json<TableResponse<WebhookDeliveryRow>>();
    expect(replays.total).toBe(5);
    expect(replays.items.filter((d) => d.replay).map((d) => [d.eventId, d.status]).sort()).toEqual(inside.map((id) => [id, 'delivered']).sort());
    expect(replays.items.some((d) => d.eventId === early && d.replay)).toBe(false);

    const backwards = await asBeheerder(calls.replayPeriod, { endpointId: endpoint.id, from: at(11).toISOString(), until: at(8).toISOString() });
    expect(backwards.json<{ errors: Record<string, string[]> }>().errors).toEqual({ until: [webhookText.periodInvalid] });
  });
});

describe('the command line', () => {
  const printed = () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    return { lines: () => spy.mock.calls.map((c) => String(c[0])), restore: () => spy.mockRestore() };
  };
  const keys = () => ({ sealKey: ctx.totpKey, allowHttp: false });

  it('adds an endpoint with its secret once, refuses types outside the scopes, lists and replays', async () => {
    await expect(runWebhookCommand(ctx.database, keys(), 'webhook-add', { client: ordersOnly, url: hook.url, types: 'submission.answered' })).rejects.toThrow(
      webhookText.eventTypeNotAllowed('submission.answered', 'submissions:read'),
    );
    await expect(runWebhookCommand(ctx.database, keys(), 'webhook-add', { client: ordersOnly, url: hook.url, types: 'order.created' })).rejects.toThrow(
      webhookText.eventTypeUnknown('order.created'),
    );
    await expect(runWebhookCommand(ctx.database, keys(), 'webhook-add', { client: ordersOnly, url: 'ftp://erp.test/x', types: 'serviceOrder.created' })).rejects.toThrow(
      webhookText.urlInvalid,
    );
    await expect(runWebhookCommand(ctx.database, keys(), 'webhook-replay', { id: 'niet-een-id', from: 'gisteren', to: 'vandaag' })).rejects.toThrow(/--from is een moment/);
    const out = printed();
    try {
      await runWebhookCommand(ctx.database, keys(), 'webhook-add', { client: ordersOnly, url: hook.url, types: 'serviceOrder.created,serviceOrder.answered' });
      const secret = /secret: (whsec_\S+)/.exec(out.lines().join(''))?.[1];
      expect(secret).toMatch(/^whsec_/);
      const eventId = await insertEvent(ctx, customer.id, 'serviceOrder.answered');
      await testDispatcher(ctx, () => new Date()).runOnce();
      const request = hook.received.find((r) => r.headers['webhook-id'] === eventId)!;
      expect(await verifyStandardWebhook(secret!, request.headers, request.body)).toBe(true);

      await runWebhookCommand(ctx.database, keys(), 'webhook-list', { client: ordersOnly });
      expect(out.lines().join('')).toMatch(new RegExp(`Orderdesk  ${hook.url.replace(/[.:/]/g, '\\$&')}  \\[serviceOrder.created, serviceOrder.answered\\]  aan`));
      await runWebhookCommand(ctx.database, keys(), 'webhook-deliveries', { status: 'delivered' });
      expect(out.lines().join('')).toContain(`delivered  serviceOrder.answered`);
      await runWebhookCommand(ctx.database, keys(), 'webhook-deliveries', { id: 'niet-een-id' });
      expect(out.lines().at(-1)).toBe('0 van 0 afleveringen (nieuwste eerst).\n');
    } finally {
      out.restore();
    }
  });
});
