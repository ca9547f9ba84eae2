import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from './database-faults.js';

/** How long readiness waits for the database's answer. */
const READY_WITHIN_MS = 1000;

/** Resolves true when the database answers a trivial query within `withinMs`, false otherwise (never throws). */
export async function databaseAnswers(pool: pg.Pool, withinMs = READY_WITHIN_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const answer = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on readiness answers 503 'draining': the process is stopping and serves until it closes (decision 0096). */
    startDraining(): void;
  }
}

/**
 * Liveness and readiness, for a load balancer or an orchestrator, without authentication:
 * - GET /api/health: the process answers (no database involved), so a stalled database never gets a live
 *   process restarted;
 * - GET /api/ready: 200 when the database answers within 1 s, else 503 with Retry-After: take this process
 *   out of rotation until it does; 503 'draining' once the process is stopping.
 */
export function registerHealthRoutes(app: FastifyInstance, pool: pg.Pool): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const status = z.object({ status: z.enum(['ok', 'unavailable', 'draining']), database: z.enum(['up', 'down']).optional() });
  app.get(
    '/api/health',
    { schema: { summary: 'Liveness: the process answers', tags: ['health'], response: { 200: status } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    { schema: { summary: 'Readiness: the database answers within 1 s', tags: ['health'], response: { 200: status, 503: status } } },
    async (_request, reply) => {
      // A stopping process leaves the rotation at once, while it still serves what the balancer sends meanwhile.
      if (draining) return reply.code(503).send({ status: 'draining' as const });
      if (await databaseAnswers(pool)) return reply.send({ status: 'ok' as const, database: 'up' as const });
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable' as const, database: 'down' as const });
    },
  );
}
