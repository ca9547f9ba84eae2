import { integrationScopes, type IntegrationScope } from '@portal/contract';
import { DoorTokens } from '../../lib/crypto.js';

/** An integration token lives 10 minutes: a leaked one is worth little, and a client asks again cheaply. */
export const INTEGRATION_TOKEN_SECONDS = 10 * 60;

export interface IntegrationClaims {
  integrationClientId: string;
  scopes: IntegrationScope[];
  /** the secret generation the token was made with: a rotation ends older tokens */
  generation: number;
}

/** The integration door's tokens: a portal token never opens it, and its tokens never open the portal. */
export class IntegrationTokens {
  private readonly door: DoorTokens;
  constructor(secret: string) {
    this.door = new DoorTokens(secret, 'integration', INTEGRATION_TOKEN_SECONDS);
  }

  sign(claims: IntegrationClaims, now = new Date()): Promise<string> {
    return this.door.sign(claims.integrationClientId, { scope: claims.scopes.join(' '), gen: claims.generation }, now);
  }

  async verify(token: string): Promise<IntegrationClaims | null> {
    const payload = await this.door.verify(token);
    if (!payload || typeof payload.sub !== 'string' || typeof payload.scope !== 'string' || typeof payload.gen !== 'number') return null;
    const scopes = payload.scope.split(' ').filter((s): s is IntegrationScope => (integrationScopes as readonly string[]).includes(s));
    return { integrationClientId: payload.sub, scopes, generation: payload.gen };
  }
}

/** Failed token requests allowed per client id and per client address in a window (INTEGRATION_TOKEN_FAILURES_*). */
export interface TokenFailureLimits {
  perClient: number;
  perAddress: number;
}
export const defaultTokenFailureLimits: TokenFailureLimits = { perClient: 20, perAddress: 50 };
/** The window failed token requests are counted in, as the portal's logins are. */
export const TOKEN_FAILURE_WINDOW_SECONDS = 15 * 60;
