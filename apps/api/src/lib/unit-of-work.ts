import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { readAsTenant, readOnlyTenant, withTenant, type Tx } from '../db/tenancy.js';
import { writeAudit, type AuditEntry } from './audit.js';
import { authOf } from './auth-guard.js';
import type { AccessClaims } from './crypto.js';
import { enqueueMail, queuedMailIn, type OutgoingMail } from './mail.js';
import { HttpProblem } from './problems.js';
import { claimRefusal } from './refusals.js';

/** A door's transactions and audit rows, which one unit of work is made of. */
export interface UnitOfWorkKind<T, Record> {
  /** one transaction of the door for the actor: committed when the act resolves, rolled back when it throws */
  open: <A>(act: (tx: T) => Promise<A>) => Promise<A>;
  /** writes an audit row of the actor's act in `tx` */
  write: (tx: T, record: Record, outcome: 'Success' | 'Failure') => Promise<void>;
  /** wakes the outbox's sender (it sends soon instead of at its next poll) */
  mailQueued: () => void;
}

/** What every door's unit of work hands its act besides its transaction. */
export interface UnitParts<Record> {
  /** A 'Success' row, written in the transaction; `.onRefusal` names the 'Failure' row a refusal leaves. */
  audit: ((record: Record) => Promise<void>) & { onRefusal(describe: (problem: HttpProblem) => Record | null): void };
  /** Puts a mail in the outbox, in the transaction: it goes only if the act commits. */
  mail: (mail: OutgoingMail) => Promise<void>;
}

/**
 * The one unit of work of every door (the customers', the staff's): one transaction, the act's audit rows in it,
 * mail queued in it and the outbox woken after a commit that queued some; should the act be refused (an
 * HttpProblem), the row it named for that is written after the rollback, in a transaction of its own.
 */
export async function runUnitOfWork<T extends Db, Record, A>(kind: UnitOfWorkKind<T, Record>, act: (tx: T, parts: UnitParts<Record>) => Promise<A>): Promise<A> {
  let refusal: ((problem: HttpProblem) => Record | null) | null = null;
  try {
    const { answer, mailed } = await kind.open(async (tx) => {
      const audit = Object.assign((record: Record) => kind.write(tx, record, 'Success'), {
        onRefusal: (describe: (problem: HttpProblem) => Record | null) => {
          refusal = describe;
        },
      });
      return { answer: await act(tx, { audit, mail: (mail) => enqueueMail(tx, mail) }), mailed: queuedMailIn(tx) };
    });
    if (mailed) kind.mailQueued();
    return answer;
  } catch (error) {
    // The act's own description of its refusal (or its word that it leaves none) stands instead of the door's row.
    const record = error instanceof HttpProblem && refusal && claimRefusal(error) ? (refusal as (problem: HttpProblem) => Record | null)(error) : null;
    if (record !== null) await kind.open((tx) => kind.write(tx, record, 'Failure'));
    throw error;
  }
}

/** An audit row of the request's act: who, for which customer and from where are the request's own. */
export type AuditRecord = Omit<AuditEntry, 'outcome' | 'accountId' | 'customerId' | 'address'>;

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
 * customer (`readAsTenant`), and the claims. No mail: a call that sends something is a unit of work.
 */
export interface TenantReading {
  tx: Tx;
  claims: AccessClaims;
  /**
   * A 'Success' row of what the read showed (the patients it answered with): a read-only statement cannot write
   * it, so it is written once the read has answered, in a short transaction of its own.
   */
  audit: (record: AuditRecord) => void;
}

export interface TenantWorkDeps {
  db: Db;
  /** where `report` reads: a streaming replica's pool (decision 0093); unset: `db` */
  readDb?: Db;
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
  async read<T>(request: FastifyRequest, read: (reading: TenantReading) => Promise<T>): Promise<T> {
    const actor = actorOf(request);
    const { customerId } = actor.claims;
    const records: AuditRecord[] = [];
    const answer = await readAsTenant(this.deps.db, customerId, (tx) => read({ tx, claims: actor.claims, audit: (record) => records.push(record) }));
    await this.audited(actor, records);
    return answer;
  }

  /**
   * Runs `read`, which reads at length (an export, the access log), for the request's customer in one read-only
   * transaction on the read pool (a streaming replica with DATABASE_READ_URL, decision 0093); its audit rows are
   * written on the primary once it has read, as `read`'s are.
   */
  async report<T>(request: FastifyRequest, read: (reading: TenantReading) => Promise<T>): Promise<T> {
    const actor = actorOf(request);
    const records: AuditRecord[] = [];
    const answer = await readOnlyTenant(this.deps.readDb ?? this.deps.db, actor.claims.customerId, (tx) =>
      read({ tx, claims: actor.claims, audit: (record) => records.push(record) }),
    );
    await this.audited(actor, records);
    return answer;
  }

  private async audited(actor: Actor, records: AuditRecord[]): Promise<void> {
    if (!records.length) return;
    await withTenant(this.deps.db, actor.claims.customerId, async (tx) => {
      for (const record of records) await writeAudit(tx, { ...record, ...who(actor), outcome: 'Success' });
    });
  }

  /**
   * `run` for an actor known without a request: the same transaction, audit rows and mail. The benchmark's floor
   * (src/bench/direct.ts) runs a call's own database work through it.
   */
  runAs<T>(actor: Actor, act: (work: UnitOfWork) => Promise<T>): Promise<T> {
    const { claims } = actor;
    return runUnitOfWork<Tx, AuditRecord, T>(
      {
        open: (fn) => withTenant(this.deps.db, claims.customerId, fn),
        write: (tx, record, outcome) => writeAudit(tx, { ...record, ...who(actor), outcome }),
        mailQueued: this.deps.mailQueued,
      },
      (tx, { audit, mail }) => act({ tx, claims, audit, mail }),
    );
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
      const record = error instanceof HttpProblem && claimRefusal(error) ? describe(error) : null;
      if (record) await writeAudit(this.deps.db, { ...record, ...who(actor), outcome: 'Failure' });
      throw error;
    }
  }
}

const actorOf = (request: FastifyRequest): Actor => ({ claims: authOf(request), address: request.ip });

const who = ({ claims, address }: Actor) => ({ accountId: claims.accountId, customerId: claims.customerId, address });
