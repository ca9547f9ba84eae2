import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
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

/**
 * Who owns a key: a customer's account (the portal's forms and orders) or an integration client (its batches),
 * with what differs between them.
 */
export type IdempotencyOwner =
  | { kind: 'account'; customerId: string; accountId: number }
  | {
      kind: 'integration';
      integrationClientId: string;
      /** a transaction of the integration role, which sees its clients' keys */
      transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
    };

/** The request's own body, or one streamed to the handler: its hash is known once the handler has read it all. */
export type SubmittedBody = { kind: 'parsed' } | { kind: 'streamed'; digest: () => Buffer | null; drain: () => Promise<Buffer> };

const KEY = /^[\x21-\x7e]{1,200}$/;
/** a first request whose answer never came (its process died) no longer holds its key */
const ABANDONED_AFTER_MS = 60_000;
/** a batch may stream in for the whole request timeout (10 minutes): its key is held longer */
const BATCH_ABANDONED_AFTER_MS = 11 * 60_000;
const WAIT_FOR_FIRST_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ownerOf = (owner: IdempotencyOwner): SQL =>
  owner.kind === 'account'
    ? and(eq(idempotencyKeys.customerId, owner.customerId), eq(idempotencyKeys.accountId, owner.accountId), isNull(idempotencyKeys.integrationClientId))!
    : eq(idempotencyKeys.integrationClientId, owner.integrationClientId);
const columnsOf = (owner: IdempotencyOwner) =>
  owner.kind === 'account' ? { customerId: owner.customerId, accountId: owner.accountId } : { integrationClientId: owner.integrationClientId };

/**
 * The guard of every write a client may retry (form submissions, orders, an integration's batches):
 * - an `Idempotency-Key` header makes a retry safe: the same key with the same body answers what the first
 *   request answered (a duplicate arriving while the first is handled waits for it; a batch's answers 409 at
 *   once, as a batch may run for minutes), the same key with another body is refused with 422;
 * - per account at most `perMinute` and `perDay` new submissions (a replay does not count): 429 with Retry-After.
 * A streamed body's hash is known only once it has been read: its key is taken without one, and a retry is
 * compared after reading its body.
 */
export class SubmissionGuard {
  constructor(private readonly deps: { db: Db; limits: SubmissionLimits }) {}

  async start(request: FastifyRequest, path: string, owned: IdempotencyOwner | null = null, body: SubmittedBody = { kind: 'parsed' }): Promise<SubmissionStart> {
    const owner: IdempotencyOwner = owned ?? { kind: 'account', customerId: authOf(request).customerId, accountId: authOf(request).accountId };
    const header = request.headers['idempotency-key'];
    let key: string | null = null;
    const prefix = `${path}\n${body.kind === 'streamed' ? `${JSON.stringify(request.query ?? null)}\n` : JSON.stringify(request.body ?? null)}`;
    const hashOf = (digest: Buffer) => createHash('sha256').update(prefix).update(digest).digest();
    const parsedHash = body.kind === 'parsed' ? createHash('sha256').update(prefix).digest() : null;
    if (header !== undefined) {
      if (typeof header !== 'string' || !KEY.test(header)) {
        throw new HttpProblem(400, feedback.idempotencyKeyInvalid, { 'Idempotency-Key': [feedback.idempotencyKeyInvalid] });
      }
      key = header;
      const first = await this.claimKey(owner, key, parsedHash, body.kind === 'streamed' ? async () => hashOf(await body.drain()) : null);
      if (first) return first;
    }
    if (owner.kind === 'account') {
      await this.countAgainstLimits(owner.accountId).catch(async (error: unknown) => {
        if (key) await this.release(owner, key);
        throw error;
      });
    }
    return {
      kind: 'proceed',
      complete: async (status, answer) => {
        if (!key) return;
        const digest = body.kind === 'streamed' ? body.digest() : null;
        await this.transaction(owner, (tx) =>
          tx
            .update(idempotencyKeys)
            .set({ status, response: answer ?? null, ...(digest ? { requestHash: hashOf(digest) } : {}) })
            .where(and(ownerOf(owner), eq(idempotencyKeys.key, key))),
        );
      },
      // A failed first request frees its key: a retry is handled anew.
      abandon: async () => {
        if (key) await this.release(owner, key);
      },
    };
  }

  /**
   * Takes the key for this request (null), or answers what the first request with it answered. `requestHash`
   * is null for a streamed body, whose hash `readHash` gives once it has read the body.
   */
  private async claimKey(owner: IdempotencyOwner, key: string, requestHash: Buffer | null, readHash: (() => Promise<Buffer>) | null): Promise<SubmissionStart | null> {
    const until = Date.now() + (readHash ? 0 : WAIT_FOR_FIRST_MS);
    const abandonedAfter = readHash ? BATCH_ABANDONED_AFTER_MS : ABANDONED_AFTER_MS;
    for (;;) {
      const outcome = await this.transaction(owner, async (tx) => {
        if (Math.random() < 0.01) await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ ...columnsOf(owner), key, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length) return { kind: 'claimed' as const };
        const [row] = await tx.select().from(idempotencyKeys).where(and(ownerOf(owner), eq(idempotencyKeys.key, key)));
        return row ? { kind: 'existing' as const, row } : { kind: 'gone' as const };
      });
      if (outcome.kind === 'claimed') return null;
      if (outcome.kind === 'gone') continue;
      const { row } = outcome;
      const reused = () => new HttpProblem(422, feedback.idempotencyKeyReused, { 'Idempotency-Key': [feedback.idempotencyKeyReused] });
      if (requestHash && !row.requestHash?.equals(requestHash)) throw reused();
      if (row.status !== null) {
        if (readHash && !row.requestHash?.equals(await readHash())) throw reused();
        return { kind: 'replay', status: row.status, body: row.response };
      }
      if (Date.now() - row.createdAt.getTime() > abandonedAfter) {
        await this.release(owner, key);
        continue;
      }
      if (Date.now() >= until) throw new HttpProblem(409, feedback.idempotencyInProgress, undefined, { 'retry-after': '1' });
      await sleep(100);
    }
  }

  private transaction<T>(owner: IdempotencyOwner, fn: (tx: Db) => Promise<T>): Promise<T> {
    return owner.kind === 'account' ? withTenant(this.deps.db, owner.customerId, fn) : owner.transaction(fn);
  }

  private async release(owner: IdempotencyOwner, key: string) {
    await this.transaction(owner, (tx) => tx.delete(idempotencyKeys).where(and(ownerOf(owner), eq(idempotencyKeys.key, key))));
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
