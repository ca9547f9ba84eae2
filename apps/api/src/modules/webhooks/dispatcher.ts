import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { decryptSecret } from '../../lib/crypto.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { SpanKind } from '@opentelemetry/api';
import { noteWebhookDelivery } from '../../lib/observability/signals.js';
import { inSpan } from '../../lib/observability/tracing.js';
import { post, record, switchOffIfFailing, withdraw, type AttemptOutcome, type ClaimedDelivery } from './attempt.js';
import { typesAllowed } from './endpoints.js';

export interface WebhookSettings {
  intervalMs: number;
  /** requests at once, over all endpoints */
  inFlight: number;
  timeoutMs: number;
  /** how long a claimed delivery is this process's; at least the timeout and a second */
  leaseMs: number;
  disableAfterMs: number;
}

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Events fanned out to one endpoint per transaction. */
const FANOUT_BATCH = 5_000;

/**
 * Delivers webhooks from the event outbox (issue 29.2, decision 0075), in every API process, as the owner: gives
 * committed events their feed position, fans them out to the endpoints as deliveries (by each endpoint's cursor),
 * then sends what is due, `inFlight` at a time, each delivery claimed under a lease so that no two processes
 * send it at once and one that dies mid-send leaves it to another once the lease has passed.
 */
export class WebhookDispatcher {
  private readonly job: PeriodicJob;
  private readonly secrets = new Map<string, string>();
  private readonly clock: () => Date;
  private readonly userAgent = 'MijnSpits-Webhooks/1.0 (+https://www.standardwebhooks.com)';

  constructor(
    private readonly db: Db,
    private readonly deps: { sealKey: Buffer; settings: WebhookSettings; log: Log; clock?: () => Date; mailQueued?: () => void },
  ) {
    this.clock = deps.clock ?? (() => new Date());
    this.job = new PeriodicJob(() => this.runOnce().then(() => undefined), {
      name: 'webhooks',
      intervalMs: deps.settings.intervalMs,
      onError: (error) => deps.log.error({ err: error }, 'webhooks: run failed'),
    });
  }

  start(): void {
    this.job.start();
  }

  kick(): void {
    this.job.kick();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One round: sequence, fan out, send what is due until nothing is. Answers how many it fanned out and attempted. */
  async runOnce(): Promise<{ fannedOut: number; attempted: number }> {
    // A rotated secret is read anew; the map never outlives a round.
    this.secrets.clear();
    await this.db.execute(sql`select portal_sequence_events()`);
    const fannedOut = await this.fanOut();
    const attempted = await this.sendDue();
    return { fannedOut, attempted };
  }

  /** Per enabled endpoint behind the feed's end: its new events of its types as deliveries, and its cursor moved. */
  async fanOut(): Promise<number> {
    const now = this.clock();
    const behind = await this.db.execute<{ id: string; event_types: string[]; scopes: string[] }>(sql`
      select e.id, e.event_types, c.scopes from webhook_endpoints e join integration_clients c on c.id = e.integration_client_id
      where e.enabled and c.revoked_at is null and e.cursor < (select coalesce(max(position), 0) from integration_events)`);
    let made = 0;
    for (const endpoint of behind.rows) {
      const types = typesAllowed(endpoint.event_types, endpoint.scopes);
      for (;;) {
        const step = await this.db.transaction(async (tx) => {
          // Another process fanning out to this endpoint now does the same work: skip it rather than wait.
          const locked = await tx.execute<{ cursor: number | string; top: number | string }>(sql`
            select cursor, (select coalesce(max(position), 0) from integration_events) as top
            from webhook_endpoints where id = ${endpoint.id} and enabled for update skip locked`);
          const row = locked.rows[0];
          if (!row || Number(row.cursor) >= Number(row.top)) return null;
          const upto = Math.min(Number(row.cursor) + FANOUT_BATCH, Number(row.top));
          const inserted =
            types.length === 0
              ? { rowCount: 0 }
              : await tx.execute(sql`
                  insert into webhook_deliveries (endpoint_id, event_id, event_type, event_position, next_attempt_at)
                  select ${endpoint.id}, id, type, position, ${now} from integration_events
                  where position > ${row.cursor} and position <= ${upto} and type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})
                  order by position
                  on conflict (endpoint_id, event_id) where not replay do nothing`);
          await tx.execute(sql`update webhook_endpoints set cursor = ${upto} where id = ${endpoint.id}`);
          return { made: inserted.rowCount ?? 0, done: upto >= Number(row.top) };
        });
        if (!step) break;
        made += step.made;
        if (step.done) break;
      }
    }
    return made;
  }

  /**
   * Claims due deliveries of enabled endpoints of live clients: in one short transaction, skipping rows another process has locked
   * and those whose lease has not passed, each given this claim's lease. The send happens after the commit.
   */
  async claim(limit: number): Promise<{ rows: ClaimedDelivery[]; token: string }> {
    const now = this.clock();
    const token = randomUUID();
    const leaseMs = Math.max(this.deps.settings.leaseMs, this.deps.settings.timeoutMs + 1_000);
    const result = await this.db.execute<ClaimedDelivery>(sql`
      with due as (
        select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          join integration_clients c on c.id = e.integration_client_id
        where d.status = 'pending' and e.enabled and c.revoked_at is null and d.next_attempt_at <= ${now} and (d.lease_until is null or d.lease_until <= ${now})
        order by d.next_attempt_at, d.id limit ${limit}
        for update of d skip locked),
      claimed as (
        update webhook_deliveries d set lease_until = ${new Date(now.getTime() + leaseMs)}, lease_token = ${token}
        from due where d.id = due.id returning d.id, d.endpoint_id, d.event_id, d.attempts, d.first_attempt_at)
      select c.id as delivery_id, c.endpoint_id, c.attempts, c.first_attempt_at, e.url, e.secret_sealed, ic.scopes,
        ev.id, ev.position, ev.type, ev.occurred_at, ev.payload, ev.traceparent
      from claimed c join webhook_endpoints e on e.id = c.endpoint_id join integration_clients ic on ic.id = e.integration_client_id
        join integration_events ev on ev.id = c.event_id`);
    return { rows: result.rows, token };
  }

  /** Sends every due delivery, up to `inFlight` at once, claiming more as requests end. */
  async sendDue(): Promise<number> {
    const { inFlight } = this.deps.settings;
    const queue: { row: ClaimedDelivery; token: string }[] = [];
    let exhausted = false;
    let claiming: Promise<void> | null = null;
    let attempted = 0;
    const next = async () => {
      while (queue.length === 0 && !exhausted) {
        claiming ??= this.claim(inFlight).then(({ rows, token }) => {
          queue.push(...rows.map((row) => ({ row, token })));
          if (rows.length === 0) exhausted = true;
          claiming = null;
        });
        await claiming;
      }
      return queue.shift();
    };
    const worker = async () => {
      for (let item = await next(); item; item = await next()) {
        await this.attempt(item.row, item.token);
        attempted += 1;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    return attempted;
  }

  private secretOf(sealed: string): string {
    let secret = this.secrets.get(sealed);
    if (secret === undefined) {
      secret = decryptSecret(sealed, this.deps.sealKey);
      this.secrets.set(sealed, secret);
    }
    return secret;
  }

  private async attempt(row: ClaimedDelivery, token: string): Promise<void> {
    const at = this.clock();
    // A scope taken from the client since the delivery was made: what it may no longer read is not sent.
    if (typesAllowed([row.type], row.scopes).length === 0) {
      await withdraw(this.db, row, token, at);
      noteWebhookDelivery('withdrawn');
      return;
    }
    const started = performance.now();
    // The request continues the trace of the request that caused the event, and carries it on (decision 0092).
    const outcome = await inSpan<AttemptOutcome>(
      'webhook POST',
      { traceparent: row.traceparent, kind: SpanKind.CLIENT, attributes: { 'portal.webhook_endpoint': row.endpoint_id }, failed: (result) => !result.delivered },
      (traceHeaders) => post(row, this.secretOf(row.secret_sealed), at, { timeoutMs: this.deps.settings.timeoutMs, userAgent: this.userAgent, traceHeaders }),
    );
    noteWebhookDelivery(outcome.delivered ? 'delivered' : 'failed');
    const failingSince = await record(this.db, row, token, at, performance.now() - started, outcome);
    if (failingSince && failingSince.getTime() <= at.getTime() - this.deps.settings.disableAfterMs) {
      if (await switchOffIfFailing(this.db, row.endpoint_id, at, this.deps.settings.disableAfterMs, this.deps.log)) {
        this.deps.log.warn({ endpointId: row.endpoint_id }, 'webhooks: endpoint switched off after failing too long');
        this.deps.mailQueued?.();
      }
    }
  }
}
