import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IntegrationTokenResponse } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { IntegrationTokens, TokenFailureLimits } from './integration-tokens.js';
import { issueIntegrationToken, OAuthError } from './integration.service.js';

export interface TokenDeps {
  db: Db;
  tokens: IntegrationTokens;
  clock: () => Date;
  tokenFailureLimits: TokenFailureLimits;
}

/** Basic credentials (RFC 6749 §2.3.1: each part form-urlencoded). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * A token request (RFC 6749 §4.4): the client's credentials from the form or from HTTP Basic, never both. The
 * answer is not to be cached (§5.1); a client refused after using Basic gets its challenge (§5.2).
 */
export async function answerTokenRequest(
  deps: TokenDeps,
  form: { grant_type?: string; client_id?: string; client_secret?: string; scope?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<IntegrationTokenResponse> {
  const basic = basicCredentials(request.headers.authorization);
  try {
    if (basic && (form.client_id ?? form.client_secret)) throw new OAuthError(400, 'invalid_request', 'Gebruik één manier om de koppeling aan te melden');
    const answer = await issueIntegrationToken(
      deps.db,
      deps.tokens,
      deps.clock(),
      {
        grantType: form.grant_type,
        clientId: basic?.id ?? form.client_id,
        clientSecret: basic?.secret ?? form.client_secret,
        scope: form.scope,
        address: request.ip,
      },
      deps.tokenFailureLimits,
    );
    reply.header('pragma', 'no-cache');
    return answer;
  } catch (error) {
    if (error instanceof OAuthError && error.status === 401 && basic) throw error.withBasicChallenge();
    throw error;
  }
}
