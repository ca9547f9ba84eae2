import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { AccessClaims, AccessTokens } from './crypto.js';
import { forbidden, unauthorized } from './problems.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    requireAdministrator: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** The claims of an authenticated request; throws 401 where a route forgot its guard. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Bearer authentication. Besides the token's signature and expiry, the session it belongs to must still be
 * live and its account active, so that a logout, a password reset or a removed account ends access at once.
 */
export function registerAuthGuard(app: FastifyInstance, deps: { db: Db; tokens: AccessTokens }) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const claims = await deps.tokens.verify(match[1]);
    if (!claims) throw unauthorized();
    const live = await deps.db.execute<{ pharmacist_type: string }>(
      sql`select pharmacist_type from auth_session_account(${claims.clientId}, ${claims.familyId}, ${claims.accountId})`,
    );
    const row = live.rows[0];
    if (!row) throw unauthorized();
    // The role as it is now, not as it was when the token was made.
    request.auth = { ...claims, isAdministrator: row.pharmacist_type === 'Administrator' };
  });
  app.decorate('requireAdministrator', async (request: FastifyRequest) => {
    if (!authOf(request).isAdministrator) throw forbidden();
  });
}
