import type { FastifyRequest } from 'fastify';
import type { IntegrationScope } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { HttpProblem } from '../../lib/problems.js';
import { generationIsLive, liveIntegrationClient } from './integration-clients.js';
import type { IntegrationClaims, IntegrationTokens } from './integration-tokens.js';

/** RFC 6750 §3: a missing, expired or foreign token answers 401 with the Bearer challenge. */
const invalidToken = () =>
  new HttpProblem(401, 'Geen geldig toegangstoken voor de koppeling; vraag een nieuw token aan', undefined, {
    'www-authenticate': 'Bearer realm="integration", error="invalid_token"',
  });

/** RFC 6750 §3.1: a valid token without the scope of the call answers 403. */
const insufficientScope = (scope: IntegrationScope) =>
  new HttpProblem(403, `Deze koppeling heeft geen toegang tot ${scope}`, undefined, {
    'www-authenticate': `Bearer realm="integration", error="insufficient_scope", scope="${scope}"`,
  });

/** The client each answered request was made by (for the call's audit row), once its token was checked. */
export const callerOf = new WeakMap<FastifyRequest, string>();

/**
 * The integration client behind a request: its token is valid, of the integration door, made with the client's
 * current secret or its still-valid previous one, and the client is not revoked (checked on every call, so a revocation, an immediate rotation or a retirement takes
 * effect at once). The token's scopes are the client's as well as its own (`permitScopes`).
 */
export async function integrationClientOf(request: FastifyRequest, deps: { db: Db; tokens: IntegrationTokens }): Promise<IntegrationClaims> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw invalidToken();
  const claims = await deps.tokens.verify(match[1]);
  if (!claims) throw invalidToken();
  const client = await liveIntegrationClient(deps.db, claims.integrationClientId);
  if (!client || !generationIsLive(client, claims.generation)) throw invalidToken();
  callerOf.set(request, client.id);
  // A scope taken from the client since the token was issued is gone from the token too.
  return { ...claims, scopes: claims.scopes.filter((scope) => client.scopes.includes(scope)) };
}

/** The client's token carries each of `scopes` (a call's scopes, none for a call of every client: its runs). */
export function permitScopes(claims: IntegrationClaims, scopes: readonly IntegrationScope[]): void {
  const missing = scopes.find((scope) => !claims.scopes.includes(scope));
  if (missing) throw insufficientScope(missing);
}
