import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { calls } from '@portal/contract';
import { call } from '../../test/harness.js';
import { openWayBack, type WayBackWorld } from '../../modules/events/test-support.js';
import { rollRequestBody } from '../../modules/request-forms/test-support.js';
import { webhookEndpointAdmin } from '../../modules/webhooks/endpoints.js';
import { startReceiver, testClock, testDispatcher, type Receiver } from '../../modules/webhooks/test-support.js';
import { OutboxSender } from '../mail.js';
import { startTracing, type Tracing } from './tracing.js';

/** Issue 31.3: a traceparent taken in is carried to the webhooks its request caused, and spans go out by OTLP. */
let world: WayBackWorld;
let hook: Receiver;
/** the app on a real socket: a body arrives in the socket's own async context, unlike an injected one */
let address: string;
beforeAll(async () => {
  world = await openWayBack();
  address = await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  hook = await startReceiver();
  await webhookEndpointAdmin.create(world.ctx.database.ownerDb, world.ctx.totpKey, { integrationClientId: world.erp.clientId, url: hook.url, eventTypes: ['submission.created'] }, { allowHttp: false });
});
afterAll(async () => {
  await hook.close();
  await world.ctx.close();
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const traceparentOf = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;

/** Files a roll request under the caller's trace, and delivers the webhooks it caused. */
async function fileAndDeliver(traceparent: string) {
  const before = hook.received.length;
  const res = await fetch(`${address}${calls.forms.requestImmediateProduct.path}`, {
    method: calls.forms.requestImmediateProduct.method,
    headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json', traceparent },
    body: JSON.stringify(rollRequestBody(world.client.patientId)),
  });
  expect(res.status, await res.text()).toBe(200);
  expect((await testDispatcher(world.ctx, testClock().now).runOnce()).attempted).toBe(1);
  expect(hook.received).toHaveLength(before + 1);
  return String(hook.received.at(-1)!.headers.traceparent);
}

describe('without an OTLP endpoint', () => {
  it("passes the caller's trace context on to the webhook delivery its request caused", async () => {
    const traceId = hex(16);
    const spanId = hex(8);
    // nothing is recorded: the delivery carries the context as it came
    expect(await fileAndDeliver(traceparentOf(traceId, spanId))).toBe(traceparentOf(traceId, spanId));
  });

  it('sends no traceparent with a delivery whose request came without one', async () => {
    const res = await call(world.ctx, calls.forms.requestImmediateProduct, { token: world.token, body: rollRequestBody(world.client.patientId) });
    expect(res.statusCode, res.body).toBe(200);
    await testDispatcher(world.ctx, testClock().now).runOnce();
    expect(hook.received.at(-1)!.headers).not.toHaveProperty('traceparent');
  });
});

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const bodies: string[] = [];
  const collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let tracing: Tracing | null = null;
  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    tracing = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'portal-test', OTEL_TRACES_SAMPLER: 'parentbased_always_on' });
  });
  afterAll(async () => {
    await tracing?.stop();
    collector.closeAllConnections();
    await new Promise<void>((resolve) => collector.close(() => resolve()));
  });

  it('exports the request, its SQL, its mail and its webhook as spans of the caller’s trace, the webhook carrying its own span on', async () => {
    const traceId = hex(16);
    const callerSpan = hex(8);
    const sent = await fileAndDeliver(traceparentOf(traceId, callerSpan));
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(await new OutboxSender(world.ctx.database.ownerDb, { from: 'Mijn Spits <noreply@portal.test>', intervalMs: 60_000, log: silent }).drain()).toBeGreaterThanOrEqual(1);
    await tracing!.stop();
    tracing = null;

    const spans = bodies.flatMap(
      (body) => (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const ofTrace = spans.filter((s) => s.traceId === traceId);
    const server = ofTrace.find((s) => s.name === `POST ${calls.forms.requestImmediateProduct.path}`);
    expect(server, JSON.stringify(ofTrace.map((s) => s.name))).toBeDefined();
    expect(server!.parentSpanId).toBe(callerSpan);
    const sqlOfRequest = ofTrace.filter((s) => s.attributes.some((a) => a.key === 'db.system.name') && s.parentSpanId === server!.spanId);
    expect(sqlOfRequest.length).toBeGreaterThan(0);
    expect(new Set(sqlOfRequest.map((s) => s.name))).toContain('INSERT');
    const webhook = ofTrace.find((s) => s.name === 'webhook POST');
    expect(webhook?.parentSpanId).toBe(server!.spanId);
    expect(sent).toBe(traceparentOf(traceId, webhook!.spanId));
    const mail = ofTrace.find((s) => s.name === 'mail send');
    expect(mail?.parentSpanId).toBe(server!.spanId);
    // what spans carry names no patient, and no statement's text
    const exported = bodies.join('');
    expect(exported).not.toContain('Jansen');
    expect(exported).not.toMatch(/insert into/i);
  });
});

describe('a collector that cannot be reached', () => {
  it('loses its spans but never fails the stop (the process must still close its database)', async () => {
    const tracing = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1', OTEL_SERVICE_NAME: 'portal-test', OTEL_TRACES_SAMPLER: 'always_on' });
    expect((await world.ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await expect(tracing!.stop()).resolves.toBeUndefined();
  });
});
