import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { readAsTenant, withTenant, type Tx } from '../db/tenancy.js';
import { writeAudit, type AuditEntry } from './audit.js';
import { authOf } from './auth-guard.js';
import type { AccessClaims } from './crypto.js';
import { enqueueMail, queuedMailIn, type OutgoingMail } from './mail.js';
import { HttpProblem } from './problems.js';

/** An audit row of the request's act: who, for which customer and from where are the request's own. */
export type AuditRecord = Omit<AuditEntry, 'outcome' | 'accountId' | 'clientId' | 'address'>;

/** Says which audit row a refusal (an HttpProblem) of the act leaves behind; null: none. */
export type RefusalRecord = (problem: HttpProblem) => AuditRecord | null;

export interface AuditTrail {
  /** A 'Success' row, written in the transaction: the act and its trace stand or fall together. */
  (record: AuditRecord): Promise<void>;
  /** Should the act be refused, this 'Failure' row is written after the rollback, in a transaction of its own. */
  onRefusal(describe: RefusalRecord): void;
}

/** What a handler of a customer's call works with: one tenant transaction and what belongs to it. */
export interface UnitOfWork {
  /** the customer's transaction; committed when the handler returns, rolled back when it throws */
  tx: Tx;
  claims: AccessClaims;
  audit: AuditTrail;
  /** Puts a mail in the outbox, in the transaction: it goes only if the act commits. */
  mail: (mail: OutgoingMail) => Promise<void>;
}

/**
 * What a handler of a customer's call that only reads works with: statements that each run read-only for the
 * customer (`readAsTenant`), and the claims. No audit rows and no mail: a call that leaves a trace is a unit of work.
 */
export interface TenantReading {
  tx: Tx;
  claims: AccessClaims;
}

export interface TenantWorkDeps {
  db: Db;
  /** wakes the outbox's sender (it sends soon instead of at its next poll) */
  mailQueued: () => void;
}

/** Who acts: the session's claims and the address the request came from. */
export interface Actor {
  claims: AccessClaims;
  address: string;
}

/**
 * The one way a request acts for its customer: it opens the tenant transaction, writes the audit rows in it,
 * and wakes the outbox's sender after a commit that queued mail. What each module used to repeat by hand.
 */
export class TenantWork {
  constructor(private readonly deps: TenantWorkDeps) {}

  /** Runs `act` in a tenant transaction for the request's customer (the request must be authenticated). */
  run<T>(request: FastifyRequest, act: (work: UnitOfWork) => Promise<T>): Promise<T> {
    return this.runAs(actorOf(request), act);
  }

  /** Runs `read` for the request's customer (the request must be authenticated): see `TenantReading`. */
  read<T>(request: FastifyRequest, read: (reading: TenantReading) => Promise<T>): Promise<T> {
    const claims = authOf(request);
    return readAsTenant(this.deps.db, claims.clientId, (tx) => read({ tx, claims }));
  }

  /**
   * `run` for an actor known without a request: the same transaction, audit rows and mail. The benchmark's floor
   * (src/bench/direct.ts) runs a call's own database work through it.
   */
  async runAs<T>(actor: Actor, act: (work: UnitOfWork) => Promise<T>): Promise<T> {
    const { claims } = actor;
    let refusal: RefusalRecord | null = null;
    const { answer, mailed } = await this.refusalsAuditedAs(
      actor,
      (problem) => refusal?.(problem) ?? null,
      () =>
        withTenant(this.deps.db, claims.clientId, async (tx) => {
          const audit = Object.assign(
            (record: AuditRecord) => writeAudit(tx, { ...record, ...who(actor), outcome: 'Success' }),
            {
              onRefusal: (describe: RefusalRecord) => {
                refusal = describe;
              },
            },
          );
          return { answer: await act({ tx, claims, audit, mail: (mail) => enqueueMail(tx, mail) }), mailed: queuedMailIn(tx) };
        }),
    );
    if (mailed) this.deps.mailQueued();
    return answer;
  }

  /**
   * Runs `act` (work before or around a transaction, such as reading an upload); when it is refused, the row
   * `describe` gives is written to the audit trail, after any transaction of the act has been rolled back.
   */
  refusalsAudited<T>(request: FastifyRequest, describe: RefusalRecord, act: () => Promise<T>): Promise<T> {
    return this.refusalsAuditedAs(actorOf(request), describe, act);
  }

  private async refusalsAuditedAs<T>(actor: Actor, describe: RefusalRecord, act: () => Promise<T>): Promise<T> {
    try {
      return await act();
    } catch (error) {
      const record = error instanceof HttpProblem ? describe(error) : null;
      if (record) await writeAudit(this.deps.db, { ...record, ...who(actor), outcome: 'Failure' });
      throw error;
    }
  }
}

const actorOf = (request: FastifyRequest): Actor => ({ claims: authOf(request), address: request.ip });

const who = ({ claims, address }: Actor) => ({ accountId: claims.accountId, clientId: claims.clientId, address });
