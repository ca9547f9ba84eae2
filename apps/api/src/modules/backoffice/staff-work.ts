import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { OutgoingMail } from '../../lib/mail.js';
import { runUnitOfWork } from '../../lib/unit-of-work.js';
import { forbidden, HttpProblem, unauthorized } from '../../lib/problems.js';
import type { StaffAccount, StaffAccountService } from './staff-accounts.js';
import { staffAudit, type StaffAuditEntry } from './staff-audit.js';
import type { StaffClaims, StaffTokens } from './staff-tokens.js';
import { forCustomer, readAsStaff, withStaff, type StaffTx } from './staff-tx.js';

/** The staff member a back-office request acts as, as the database has them now. */
export interface StaffPrincipal {
  claims: StaffClaims;
  staff: StaffAccount;
  role: StaffRole;
}

/**
 * Who makes a back-office call: a valid token of the back-office door, its session live and its account active
 * now, two-factor login set up (unless `setupStage`). Runs before the body is read. A portal or integration
 * token is refused: its audience is another door's.
 */
export async function staffOf(
  deps: { tokens: StaffTokens; accounts: StaffAccountService },
  request: FastifyRequest,
  options: { setupStage?: boolean } = {},
): Promise<StaffPrincipal> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized();
  const claims = await deps.tokens.verify(match[1]);
  if (!claims) throw unauthorized();
  if (claims.stage === 'Setup' && !options.setupStage) throw unauthorized();
  const staff = await deps.accounts.liveSession(claims);
  if (!staff) throw unauthorized();
  // The role as it is now, not as it was when the token was made.
  return { claims, staff, role: staff.role as StaffRole };
}

/** A back-office call is the work of the roles it allows: 403 for a staff member of another role. */
export function permitStaff(principal: StaffPrincipal, roles: readonly StaffRole[]): void {
  if (!roles.includes(principal.role)) throw forbidden();
}

/** An audit row of a staff member's act: who and from where are the request's own. */
export type StaffAuditRecord = Omit<StaffAuditEntry, 'staffId' | 'address' | 'outcome'>;

export interface StaffAuditTrail {
  (entry: StaffAuditRecord & { outcome?: 'Success' | 'Failure' }): Promise<void>;
  /** Should the act be refused, this 'Failure' row is written after the rollback, in a transaction of its own (as the portal's). */
  onRefusal(describe: (problem: HttpProblem) => StaffAuditRecord | null): void;
}

/** What a back-office handler works with: one transaction of the staff role and what belongs to it. */
export interface StaffUnitOfWork {
  tx: StaffTx;
  principal: StaffPrincipal;
  /** Audit row of this staff member, from this request's address, in the transaction. */
  audit: StaffAuditTrail;
  /** The next writes go to this customer's rows (its tenant policies). */
  forCustomer: (customerId: string | null) => Promise<void>;
  mail: (mail: OutgoingMail) => Promise<void>;
}

/**
 * What a back-office call that only reads works with. A call that reads at length (a report, the audit log) reads in
 * one read-only transaction, on a streaming replica with DATABASE_READ_URL (decision 0093), and its audit rows are
 * written on the primary once it has read.
 */
export interface StaffReading {
  tx: StaffTx;
  principal: StaffPrincipal;
  audit: (entry: StaffAuditRecord) => void;
}

/** Runs back-office acts: the staff transaction, the audit rows in it, the outbox's sender woken after a commit. */
export class StaffWork {
  constructor(private readonly deps: { db: Db; mailQueued: () => void; readDb?: Db }) {}

  /** Runs `read` as a report of the staff member: see StaffReading. */
  async report<T>(request: FastifyRequest, principal: StaffPrincipal, read: (reading: StaffReading) => Promise<T>): Promise<T> {
    const actor = { staffId: principal.staff.id, role: principal.role };
    const entries: StaffAuditRecord[] = [];
    const answer = await readAsStaff(this.deps.readDb ?? this.deps.db, actor, (tx) => read({ tx, principal, audit: (entry) => entries.push(entry) }));
    if (entries.length) {
      await withStaff(this.deps.db, actor, async (tx) => {
        for (const entry of entries) await staffAudit(tx, { outcome: 'Success', ...entry, staffId: principal.staff.id, address: request.ip });
      });
    }
    return answer;
  }

  run<T>(request: FastifyRequest, principal: StaffPrincipal, act: (work: StaffUnitOfWork) => Promise<T>): Promise<T> {
    const actor = { staffId: principal.staff.id, role: principal.role };
    const who = { staffId: principal.staff.id, address: request.ip };
    return runUnitOfWork<StaffTx, StaffAuditRecord & { outcome?: 'Success' | 'Failure' }, T>(
      {
        open: (fn) => withStaff(this.deps.db, actor, fn),
        write: (tx, entry, outcome) => staffAudit(tx, { outcome, ...entry, ...who }),
        mailQueued: this.deps.mailQueued,
      },
      (tx, { audit, mail }) => act({ tx, principal, audit, forCustomer: (customerId) => forCustomer(tx, customerId), mail }),
    );
  }
}

export { HttpProblem };
