import type { FastifyRequest } from 'fastify';
import type { CallDefinition } from '@portal/contract';
import type { Db } from '../db/database.js';
import type { AuditEntry } from './audit.js';
import type { HttpProblem } from './problems.js';
import { hitRateLimit } from './rate-limit.js';

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

export interface RefusalTrailDeps {
  /** the app's pool: the address's count is kept in rate_limit_windows */
  db: Db;
  /** the refusal rows one address may leave per window; the logins' limit per address */
  limit: number;
  windowSeconds: number;
}

/**
 * Keeps refusal rows within bounds (decision 0066): each address leaves at most `limit` rows a window, then one
 * row saying the rest of its refusals in that window went unlogged; hammering with invalid tokens cannot grow
 * the audit log without end. A row that cannot be written is logged as an error, never turned into the answer:
 * the client gets its refusal either way.
 */
export class RefusalTrail {
  constructor(private readonly deps: RefusalTrailDeps) {}

  async write(request: FastifyRequest, entry: AuditEntry, write: (entry: AuditEntry) => Promise<void>): Promise<void> {
    const { db, limit, windowSeconds } = this.deps;
    try {
      const { hits } = await hitRateLimit(db, `refusal-rows:${request.ip}`, limit, windowSeconds);
      if (hits <= limit) await write(entry);
      else if (hits === limit + 1) {
        await write({ action: 'AccessRefusalsThrottled', outcome: 'Failure', address: entry.address, details: { limit, windowSeconds } });
      }
    } catch (error) {
      request.log.error({ err: error }, 'refusal not audited');
    }
  }
}
