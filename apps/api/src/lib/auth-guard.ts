import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from './crypto.js';
import type { LiveSessions } from './live-sessions.js';
import { unauthorized } from './problems.js';

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** the process's cache of live sessions (for its health and the tests) */
    liveSessions: LiveSessions;
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
 * live and its account active, so that a logout, a password reset or a removed account ends access at once
 * (LiveSessions keeps the answer until the database says it changed).
 */
export function registerAuthGuard(app: FastifyInstance, deps: { tokens: AccessTokens; sessions: LiveSessions }) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const claims = await deps.tokens.verify(match[1]);
    if (!claims) throw unauthorized();
    const pharmacistType = await deps.sessions.pharmacistType(claims);
    if (pharmacistType === null) throw unauthorized();
    // The role as it is now, not as it was when the token was made.
    request.auth = { ...claims, isAdministrator: pharmacistType === 'Administrator' };
  });
}
