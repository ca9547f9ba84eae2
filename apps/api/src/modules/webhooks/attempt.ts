import { sql } from 'drizzle-orm';
import { webhookText } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';
import { enqueueMail } from '../../lib/mail.js';
import { eventEnvelope } from '../events/feed.js';
import { webhookHeaders } from './signature.js';

/** One attempt to deliver a claimed delivery, and what it leaves behind (decision 0075). */

/** A claimed delivery with what its request needs. */
export interface ClaimedDelivery extends Record<string, unknown> {
  delivery_id: number | string;
  endpoint_id: string;
  attempts: number;
  first_attempt_at: string | null;
  url: string;
  secret_sealed: string;
  /** the client's scopes now */
  scopes: string[];
  id: string;
  position: number | string;
  type: string;
  occurred_at: string;
  payload: unknown;
  /** the trace of the request that caused the event (decision 0092) */
  traceparent: string | null;
}

export interface AttemptSettings {
  timeoutMs: number;
  userAgent: string;
  /** headers that carry the trace on (`traceparent`) */
  traceHeaders?: Record<string, string>;
}

/** The wait before the next attempt after the n-th failed one (1-based): 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h. */
const BACKOFF_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const backoffAfter = (failedAttempts: number) => BACKOFF_MS[Math.min(failedAttempts, BACKOFF_MS.length) - 1]!;
/** A delivery is retried until this long after its first attempt. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  delivered: boolean;
}

/** POSTs the event, signed; never throws: a refused or failed request is an outcome. */
export async function post(row: ClaimedDelivery, secret: string, at: Date, settings: AttemptSettings): Promise<AttemptOutcome> {
  const body = JSON.stringify(eventEnvelope(row));
  try {
    const response = await fetch(row.url, {
      method: 'POST',
      headers: { ...settings.traceHeaders, ...webhookHeaders(secret, row.id, at, body), 'content-type': 'application/json', 'user-agent': settings.userAgent },
      body,
      // A redirect could lead the signed body anywhere: the configured address answers, or the attempt fails.
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
    const delivered = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, error: delivered ? null : `HTTP ${response.status}`, delivered };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const name = (error as Error).name === 'TimeoutError' ? `geen antwoord binnen ${settings.timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { statusCode: null, error: String(name).slice(0, 500), delivered: false };
  }
}

/**
 * Keeps the attempt (always), and, while the delivery's lease is still this process's, its result: delivered, or
 * the next attempt after the back-off, or failed once that would fall outside its three days. In one statement.
 * Answers the endpoint's `failing_since` after a failure that counted.
 */
export async function record(db: Db, row: ClaimedDelivery, leaseToken: string, at: Date, durationMs: number, outcome: AttemptOutcome): Promise<Date | null> {
  const attempt = sql`insert into webhook_attempts (delivery_id, attempted_at, status_code, error, duration_ms)
    values (${row.delivery_id}, ${at}, ${outcome.statusCode}, ${outcome.error}, ${Math.round(durationMs)})`;
  if (outcome.delivered) {
    await db.execute(sql`
      with attempt as (${attempt}),
      delivery as (
        update webhook_deliveries set status = 'delivered', delivered_at = ${at}, attempts = attempts + 1, first_attempt_at = coalesce(first_attempt_at, ${at}),
          last_attempt_at = ${at}, last_status_code = ${outcome.statusCode}, last_error = null, lease_until = null, lease_token = null
        where id = ${row.delivery_id} and lease_token = ${leaseToken} returning endpoint_id)
      update webhook_endpoints e set last_success_at = ${at}, failing_since = null from delivery
      where e.id = delivery.endpoint_id
        -- to the second: eight requests in flight to one endpoint would otherwise queue on its row at every success
        and (e.failing_since is not null or e.last_success_at is null or e.last_success_at < ${new Date(at.getTime() - 1000)})`);
    return null;
  }
  const attempts = row.attempts + 1;
  const first = row.first_attempt_at ? new Date(row.first_attempt_at) : at;
  const next = new Date(at.getTime() + backoffAfter(attempts));
  const failed = next.getTime() > first.getTime() + RETRY_WINDOW_MS;
  const result = await db.execute<{ failing_since: string }>(sql`
    with attempt as (${attempt}),
    delivery as (
      update webhook_deliveries set status = ${failed ? 'failed' : 'pending'}, attempts = ${attempts}, first_attempt_at = ${first}, next_attempt_at = ${next},
        last_attempt_at = ${at}, last_status_code = ${outcome.statusCode}, last_error = ${outcome.error}, lease_until = null, lease_token = null
      where id = ${row.delivery_id} and lease_token = ${leaseToken} returning endpoint_id)
    update webhook_endpoints e set failing_since = coalesce(e.failing_since, ${at}) from delivery
    where e.id = delivery.endpoint_id returning e.failing_since`);
  const since = result.rows[0]?.failing_since;
  return since ? new Date(since) : null;
}

/** Ends a delivery its client may no longer read, unsent, with an attempt that says why. */
export async function withdraw(db: Db, row: ClaimedDelivery, leaseToken: string, at: Date): Promise<void> {
  await db.execute(sql`
    with attempt as (
      insert into webhook_attempts (delivery_id, attempted_at, status_code, error, duration_ms) values (${row.delivery_id}, ${at}, null, ${SCOPE_WITHDRAWN}, 0))
    update webhook_deliveries set status = 'failed', last_attempt_at = ${at}, last_status_code = null, last_error = ${SCOPE_WITHDRAWN}, lease_until = null, lease_token = null
    where id = ${row.delivery_id} and lease_token = ${leaseToken}`);
}

/** Why a delivery was not sent: its client's scopes no longer allow its type. */
export const SCOPE_WITHDRAWN = 'niet verstuurd: de koppeling mag deze gebeurtenis niet meer lezen';

/**
 * Switches the endpoint off when it has failed without a success since longer than the window, and tells its
 * client's contact address, in one transaction: the mail goes if and only if this process switched it off.
 * Answers whether it did.
 */
export async function switchOffIfFailing(db: Db, endpointId: string, now: Date, disableAfterMs: number, log: { warn(o: unknown, m?: string): void }): Promise<boolean> {
  const cutoff = new Date(now.getTime() - disableAfterMs);
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ url: string; failing_since: string; client_name: string; contact_email: string | null }>(sql`
      update webhook_endpoints e set enabled = false, disabled_at = ${now}, disabled_reason = ${webhookText.switchedOffReason}
      from integration_clients c
      where e.id = ${endpointId} and c.id = e.integration_client_id and e.enabled and e.failing_since <= ${cutoff}
      returning e.url, e.failing_since, c.name as client_name, c.contact_email`);
    const off = result.rows[0];
    if (!off) return false;
    if (off.contact_email) {
      const mail = webhookText.switchedOffMail({
        clientName: off.client_name,
        url: off.url,
        since: dutchMomentOf(new Date(off.failing_since)),
        endpointId,
        days: Math.round(disableAfterMs / 86_400_000),
      });
      await enqueueMail(tx, { to: off.contact_email, subject: mail.subject, text: mail.text });
    } else {
      log.warn({ endpointId }, 'webhooks: endpoint switched off; its client has no contact address to tell');
    }
    return true;
  });
}
