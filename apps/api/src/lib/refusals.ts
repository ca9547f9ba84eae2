import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { CallDefinition } from '@portal/contract';
import type { Db } from '../db/database.js';
import { connectionDb, inTransaction } from '../db/tenancy.js';
import type { AuditEntry } from './audit.js';
import type { HttpProblem } from './problems.js';

/**
 * Refusals whose audit row is written already (a row the act named with `onRefusal`, or the kernel's own): the
 * door writes none of its own for them, so one refusal is one row.
 */
const audited = new WeakSet<HttpProblem>();

/** Marks `problem` as audited; answers whether it was not yet. */
export function claimRefusal(problem: HttpProblem): boolean {
  if (audited.has(problem)) return false;
  audited.add(problem);
  return true;
}

/** A key naming an object by its id (`id`, `Id`, `patientId`, `FileId`, `accountIds`). */
const ID_KEY = /^(id|ids)$|(Id|Ids|ID)$/;
type Asked = Record<string, unknown>;

const primitive = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
const idValue = (value: unknown) => primitive(value) || (Array.isArray(value) && value.length <= 100 && value.every(primitive));

/**
 * What a refused request asked for: its path and query parameters (they are in the address, no secret), and of
 * its body only the ids it named: a body can hold a password or a patient's details, which a refusal row must not.
 */
function askedOf(request: FastifyRequest): Asked {
  const asked: Asked = {};
  for (const part of [request.params, request.query]) {
    if (part && typeof part === 'object') for (const [key, value] of Object.entries(part)) if (primitive(value)) asked[key] = value;
  }
  const body: unknown = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) if (ID_KEY.test(key) && idValue(value)) asked[key] = value;
  }
  return asked;
}

/**
 * The audit row of a refused call, without its actor (the door adds who, as far as it knows them): the call as
 * the object, the one id asked for as its id, and in the details the route, the status and the reason. A patient
 * id asked for is no `patientIds`: it may be another customer's, whose name this customer's row must not keep.
 */
export function refusalEntry(request: FastifyRequest, call: CallDefinition, problem: HttpProblem): AuditEntry {
  const asked = askedOf(request);
  const ids = Object.entries(asked).filter(([key, value]) => ID_KEY.test(key) && primitive(value));
  return {
    action: 'AccessRefused',
    outcome: 'Failure',
    objectType: `${call.controller}/${call.action}`,
    objectId: ids.length === 1 ? String(ids[0]![1]) : null,
    address: request.ip,
    details: {
      method: request.method,
      route: request.routeOptions.url ?? call.path,
      status: problem.status,
      reason: problem.message,
      ...(Object.keys(asked).length ? { asked } : {}),
    },
  };
}

/**
 * Makes the transaction of a refusal's row commit without waiting for the disk: that wait was most of what the row
 * cost a refused call (decision 0066). A crash of the database server could lose the last fraction of a second of
 * such rows; the refused calls changed nothing.
 */
export const unhurried = (tx: Pick<Db, 'execute'>) => tx.execute(sql`set local synchronous_commit = off`);

/** An unhurried transaction of the app's role: a refusal row of no customer, or an address's count. */
export function unhurriedTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, 'begin; set local synchronous_commit = off', (client) => fn(connectionDb(client, {})));
}

export interface RefusalTrailDeps {
  /** the refusal rows one address may leave per window; the logins' limit per address */
  limit: number;
  windowSeconds: number;
  clock: () => Date;
}

/** All addresses together may leave this many times one address's rows a window: addresses can be had by the thousand. */
const ALL_ADDRESSES = 10;

/**
 * Keeps refusal rows within bounds (decision 0066): each address leaves at most `limit` rows a window, all
 * addresses together ten times that, then one row saying the rest of the window's refusals went unlogged; so
 * hammering with invalid tokens, from one address or many, cannot grow the audit log without end. Counted in the
 * process, not in rate_limit_windows: a bound needs no count shared between processes (it holds per process),
 * and a refusal then costs its row's one INSERT and no write of a counter. A row that cannot be written is
 * logged as an error, never turned into the answer: the client gets its refusal either way.
 */
export class RefusalTrail {
  private window = -1;
  /** this window's rows per address, and of all addresses (`*`); no address is kept once all are over their bound */
  private readonly counts = new Map<string, number>();

  constructor(private readonly deps: RefusalTrailDeps) {}

  async write(request: FastifyRequest, entry: AuditEntry, write: (entry: AuditEntry) => Promise<void>): Promise<void> {
    const over = this.count(request.ip);
    try {
      if (over === null) await write(entry);
      else if (over.first) {
        const details = { bound: over.bound, limit: over.limit, windowSeconds: this.deps.windowSeconds };
        await write({ action: 'AccessRefusalsThrottled', outcome: 'Failure', address: entry.address, details });
      }
    } catch (error) {
      request.log.error({ err: error }, 'refusal not audited');
    }
  }

  /** Counts a refusal from `address`: null within the bounds, else the bound it is over and whether it is the first over it. */
  private count(address: string): { bound: 'address' | 'all'; limit: number; first: boolean } | null {
    const window = Math.floor(this.deps.clock().getTime() / 1000 / this.deps.windowSeconds);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const allLimit = this.deps.limit * ALL_ADDRESSES;
    const all = this.counts.get('*') ?? 0;
    if (all > allLimit) return { bound: 'all', limit: allLimit, first: false };
    const key = `address:${address}`;
    const hits = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, hits);
    // An address over its own bound does not use up the others'.
    if (hits > this.deps.limit) return { bound: 'address', limit: this.deps.limit, first: hits === this.deps.limit + 1 };
    this.counts.set('*', all + 1);
    return all + 1 > allLimit ? { bound: 'all', limit: allLimit, first: true } : null;
  }
}
