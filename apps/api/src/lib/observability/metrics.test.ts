import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calls } from '@portal/contract';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { freshAddress, login } from '../../test/auth-helpers.js';
import { createIntegration, getIntegration, requestToken, sendBatch } from '../../modules/integration/test-support.js';
import { enqueueMail, OutboxSender } from '../mail.js';
import { PeriodicJob } from '../periodic-job.js';
import { startMetricsServer } from './metrics-server.js';

/** Issue 31.3: Prometheus metrics of one app, behind a token on the main port or on a port of their own. */
const TOKEN = randomBytes(24).toString('hex');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => ctx.close());

const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample, by its name and labels as the exposition writes them. */
const sample = (text: string, series: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

describe('GET /api/metrics with METRICS_TOKEN', () => {
  it('is refused without the token or with another, as a 401 problem', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN.slice(1)}x` }, { authorization: TOKEN }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).not.toContain('portal_');
    }
  });

  it('counts requests by the route pattern (never the URL with its ids), method and status', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const customer = await createCustomer(ctx);
    const erp = await createIntegration(ctx, ['customers']);
    const batch = await sendBatch(ctx, erp.token, 'customers', [{ code: customer.clientCode, name: 'Apotheek Metriek', kind: 'Pharmacy' }, { code: '', name: 'x' }]);
    expect(batch.statusCode, batch.body).toBe(200);
    const runId = batch.json<{ runId: number }>().runId;
    expect((await getIntegration(ctx, erp.token, `/import-runs/${runId}`)).statusCode).toBe(200);
    expect((await getIntegration(ctx, erp.token, `/import-runs/999999999`)).statusCode).toBe(404);

    const text = await scrape();
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/integration/v1/import-runs/:id",status_code="200"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/integration/v1/import-runs/:id",status_code="404"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/integration/v1/customers",status_code="200"}')).toBe(1);
    expect(text).not.toContain(`import-runs/${runId}`);
    expect(text).not.toContain('import-runs/999999999');
    // the import's rows by outcome: the customer's row updated, the empty one refused
    expect(sample(text, 'portal_import_rows_total{kind="customers",outcome="updated"}')).toBe(1);
    expect(sample(text, 'portal_import_rows_total{kind="customers",outcome="rejected"}')).toBe(1);
    for (const name of ['portal_db_pool_in_use_connections{pool="app"}', 'portal_db_pool_in_use_connections{pool="owner"}', 'portal_db_pool_waiting_requests{pool="app"}']) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts failed logins by door; a login that succeeds is not one', async () => {
    const account = await createAccount(ctx, await createCustomer(ctx));
    await login(ctx, account);
    const wrong = await call(ctx, calls.authentication.loginWithCredentials, { body: { emailAddress: account.emailAddress, password: 'Verkeerd#1234' }, remoteAddress: freshAddress() });
    expect(wrong.statusCode).toBe(400);
    const refused = await requestToken(ctx, { grant_type: 'client_credentials', client_id: 'onbekend', client_secret: 'verkeerd' });
    expect(refused.statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, 'portal_failed_logins_total{door="portal"}')).toBe(1);
    expect(sample(text, 'portal_failed_logins_total{door="integration"}')).toBe(1);
  });

  it("reads the outbox's depth and oldest age at the scrape, and counts the mails sent and the jobs' runs", async () => {
    const sender = new OutboxSender(ctx.database.ownerDb, { from: 'Mijn Spits <noreply@portal.test>', intervalMs: 60_000, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    await sender.drain();
    await enqueueMail(ctx.database.ownerDb, { to: 'wachtend@portal.test', subject: 'Wacht', text: 'Wacht' });
    await ctx.database.ownerDb.execute(`update mail_outbox set created_at = now() - interval '90 seconds' where to_address = 'wachtend@portal.test'`);
    let text = await scrape();
    expect(sample(text, 'portal_mail_outbox_messages')).toBe(1);
    expect(sample(text, 'portal_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);

    const sent = await sender.drain();
    expect(sent).toBe(1);
    let ran!: () => void;
    const running = new Promise<void>((resolve) => (ran = resolve));
    const job = new PeriodicJob(async () => ran(), { name: 'test-job', intervalMs: 60_000, onError: () => undefined });
    job.start();
    await running;
    await job.stop();

    text = await scrape();
    expect(sample(text, 'portal_mail_outbox_messages')).toBe(0);
    expect(sample(text, 'portal_mail_outbox_oldest_age_seconds')).toBe(0);
    expect(sample(text, 'portal_mail_deliveries_total{outcome="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_job_runs_total{job="test-job",outcome="succeeded"}')).toBe(1);
    expect(sample(text, 'portal_job_last_run_timestamp_seconds{job="test-job"}')).toBeGreaterThan(Date.now() / 1000 - 600);
  });
});

describe('METRICS_PORT', () => {
  it('serves the same metrics at /metrics on a port of its own, and nothing else there', async () => {
    const server = await startMetricsServer(ctx.app.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE portal_failed_logins_total counter');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('GET /api/metrics is a 404 problem, not the web app, and /metrics is no metrics page', async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Mijn Spits</title>');
    const plain = await createTestContext({ config: { WEB_DIST: webDist } });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const page = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(page.body).not.toContain('portal_http_request_duration_seconds');
    } finally {
      await plain.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
