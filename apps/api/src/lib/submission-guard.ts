import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { feedback } from '@portal/contract';
import type { Db } from '../db/database.js';
import { idempotencyKeys } from '../db/schema.js';
import { withTenant } from '../db/tenancy.js';
import { authOf } from './auth-guard.js';
import { HttpProblem, tooManyRequests } from './problems.js';
import { hitRateLimit } from './rate-limit.js';

export interface SubmissionLimits {
  perMinute: number;
  perDay: number;
}

export const defaultSubmissionLimits: SubmissionLimits = { perMinute: 20, perDay: 500 };

/** What a submission may do: go ahead (and record its answer), or get the first answer to its key again. */
export type SubmissionStart =
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'proceed'; complete(status: number, body: unknown): Promise<void>; abandon(): Promise<void> };

const KEY = /^[\x21-\x7e]{1,200}$/;
/** a first request whose answer never came (its process died) no longer holds its key */
const ABANDONED_AFTER_MS = 60_000;
const WAIT_FOR_FIRST_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The guard of every write a client may retry (form submissions, orders):
 * - an `Idempotency-Key` header makes a retry safe: the same key with the same body answers what the first
 *   request answered (a duplicate arriving while the first is handled waits for it), the same key with another
 *   body is refused with 422;
 * - per account at most `perMinute` and `perDay` new submissions (a replay does not count): 429 with Retry-After.
 */
export class SubmissionGuard {
  constructor(private readonly deps: { db: Db; limits: SubmissionLimits }) {}

  async start(request: FastifyRequest, path: string): Promise<SubmissionStart> {
    const claims = authOf(request);
    const header = request.headers['idempotency-key'];
    let key: string | null = null;
    if (header !== undefined) {
      if (typeof header !== 'string' || !KEY.test(header)) {
        throw new HttpProblem(400, feedback.idempotencyKeyInvalid, { 'Idempotency-Key': [feedback.idempotencyKeyInvalid] });
      }
      key = header;
      const requestHash = createHash('sha256').update(`${path}\n${JSON.stringify(request.body ?? null)}`).digest();
      const first = await this.claimKey(claims.clientId, claims.accountId, key, requestHash);
      if (first) return first;
    }
    await this.countAgainstLimits(claims.accountId).catch(async (error: unknown) => {
      if (key) await this.release(claims.clientId, claims.accountId, key);
      throw error;
    });
    const { clientId, accountId } = claims;
    return {
      kind: 'proceed',
      complete: async (status, body) => {
        if (!key) return;
        await withTenant(this.deps.db, clientId, (tx) =>
          tx
            .update(idempotencyKeys)
            .set({ status, response: body ?? null })
            .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key))),
        );
      },
      // A failed first request frees its key: a retry is handled anew.
      abandon: async () => {
        if (key) await this.release(clientId, accountId, key);
      },
    };
  }

  /** Takes the key for this request (null), or answers what the first request with it answered. */
  private async claimKey(clientId: string, accountId: number, key: string, requestHash: Buffer): Promise<SubmissionStart | null> {
    const until = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const outcome = await withTenant(this.deps.db, clientId, async (tx) => {
        if (Math.random() < 0.01) await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ clientId, accountId, key, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length) return { kind: 'claimed' as const };
        const [row] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
        return row ? { kind: 'existing' as const, row } : { kind: 'gone' as const };
      });
      if (outcome.kind === 'claimed') return null;
      if (outcome.kind === 'gone') continue;
      const { row } = outcome;
      if (!row.requestHash.equals(requestHash)) {
        throw new HttpProblem(422, feedback.idempotencyKeyReused, { 'Idempotency-Key': [feedback.idempotencyKeyReused] });
      }
      if (row.status !== null) return { kind: 'replay', status: row.status, body: row.response };
      if (Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await this.release(clientId, accountId, key);
        continue;
      }
      if (Date.now() > until) throw new HttpProblem(409, feedback.idempotencyInProgress, undefined, { 'retry-after': '1' });
      await sleep(100);
    }
  }

  private async release(clientId: string, accountId: number, key: string) {
    await withTenant(this.deps.db, clientId, (tx) =>
      tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key))),
    );
  }

  private async countAgainstLimits(accountId: number) {
    const { perMinute, perDay } = this.deps.limits;
    for (const [window, limit, seconds] of [['minute', perMinute, 60], ['day', perDay, 86_400]] as const) {
      const hit = await hitRateLimit(this.deps.db, `submissions:${window}:${accountId}`, limit, seconds);
      if (!hit.allowed) {
        const problem = tooManyRequests(hit.retryAfterSeconds);
        throw new HttpProblem(429, feedback.submissionLimitReached, undefined, problem.headers);
      }
    }
  }
}
