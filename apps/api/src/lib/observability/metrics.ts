import type diagnosticsChannel from 'node:diagnostics_channel';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import { MAX_ATTEMPTS } from '../mail.js';
import { channels, type ImportRows, type JobRun } from './signals.js';

/** What the scrape reads at its own moment: the pools' counts, and the outbox by one statement. */
export interface MetricSources {
  pools: Record<string, pg.Pool>;
  /** the owner's: the outbox is not the app role's to read; a process without the owner has no outbox figures */
  ownerDb: Db | null;
}

/** The doors whose failed logins are counted: the customers', the staff's, and the integration's token requests. */
export type LoginDoor = 'portal' | 'backoffice' | 'integration';

/**
 * The Prometheus metrics of one app (decision 0092): a registry of its own, since the tests build many apps in one
 * process. Request durations and failed logins come from the app's hooks and doors; deliveries, job runs and import
 * rows from the signals' channels, subscribed until `close`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly failedLogins: Counter<'door'>;
  private readonly subscriptions: [diagnosticsChannel.Channel, (message: unknown) => void][] = [];

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Duration of HTTP requests by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.failedLogins = new Counter({ name: 'portal_failed_logins_total', help: 'Refused login attempts by door', labelNames: ['door'], registers });
    const pools = Object.entries(sources.pools);
    new Gauge({
      name: 'portal_db_pool_in_use_connections',
      help: 'Database connections checked out of the pool',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [name, pool] of pools) this.set({ pool: name }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting_requests',
      help: 'Callers waiting for a database connection',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [name, pool] of pools) this.set({ pool: name }, pool.waitingCount);
      },
    });
    if (sources.ownerDb) this.outboxGauges(new OutboxReading(sources.ownerDb), registers);
    this.countDeliveries('portal_mail_deliveries_total', 'Mail sending attempts by outcome', channels.mail);
    this.countDeliveries('portal_webhook_deliveries_total', 'Webhook delivery attempts by outcome', channels.webhook);
    this.countJobRuns();
    this.countImportRows();
  }

  /** The outbox's depth and oldest age, read at the scrape (the owner's reading). */
  private outboxGauges(outbox: OutboxReading, registers: Registry[]) {
    new Gauge({
      name: 'portal_mail_outbox_messages',
      help: 'Mails waiting in the outbox (not sent, not given up)',
      registers,
      // One database's figure, which every worker reads alike: not to be added up across them.
      aggregator: 'max',
      async collect() {
        this.set((await outbox.read()).depth);
      },
    });
    new Gauge({
      name: 'portal_mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
      registers,
      aggregator: 'max',
      async collect() {
        this.set((await outbox.read()).oldestSeconds);
      },
    });
  }

  /** One answered request; `route` is the route's pattern (never the URL with its ids). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  failedLogin(door: LoginDoor): void {
    this.failedLogins.inc({ door });
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    for (const [channel, handler] of this.subscriptions.splice(0)) channel.unsubscribe(handler);
  }

  private subscribe(channel: diagnosticsChannel.Channel, handler: (message: unknown) => void) {
    channel.subscribe(handler);
    this.subscriptions.push([channel, handler]);
  }

  private countDeliveries(name: string, help: string, channel: diagnosticsChannel.Channel) {
    const counter = new Counter({ name, help, labelNames: ['outcome'], registers: [this.registry] });
    this.subscribe(channel, (outcome) => counter.inc({ outcome: String(outcome) }));
  }

  private countJobRuns() {
    const registers = [this.registry];
    const runs = new Counter({ name: 'portal_job_runs_total', help: 'Runs of the periodic jobs by job and outcome', labelNames: ['job', 'outcome'], registers });
    const last = new Gauge({ name: 'portal_job_last_run_timestamp_seconds', help: 'When each periodic job last ended a run (Unix time)', labelNames: ['job'], registers });
    this.subscribe(channels.job, (message) => {
      const run = message as JobRun;
      runs.inc({ job: run.job, outcome: run.outcome });
      last.set({ job: run.job }, run.endedAt.getTime() / 1000);
    });
  }

  private countImportRows() {
    const rows = new Counter({ name: 'portal_import_rows_total', help: 'Rows of integration imports by kind and outcome', labelNames: ['kind', 'outcome'], registers: [this.registry] });
    this.subscribe(channels.importRows, (message) => {
      const { kind, counts } = message as ImportRows;
      for (const [outcome, count] of Object.entries(counts)) if (count > 0) rows.inc({ kind, outcome }, count);
    });
  }
}

/** The outbox's depth and oldest age, read once per scrape for both gauges. */
class OutboxReading {
  private pending: Promise<{ depth: number; oldestSeconds: number }> | null = null;

  constructor(private readonly db: Db) {}

  read() {
    this.pending ??= this.query().finally(() => queueMicrotask(() => (this.pending = null)));
    return this.pending;
  }

  private async query() {
    try {
      const result = await this.db.execute<{ depth: number; oldest: number }>(sql`
        select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
        from mail_outbox where sent_at is null and attempts < ${MAX_ATTEMPTS}`);
      const row = result.rows[0];
      return { depth: Number(row?.depth ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
    } catch {
      // A database that does not answer shows as no value, not as a failed scrape: the pools' gauges still tell.
      return { depth: Number.NaN, oldestSeconds: Number.NaN };
    }
  }
}
