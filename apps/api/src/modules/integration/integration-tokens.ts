import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { integrationScopes, type ImportKind } from '@portal/contract';

/** An integration token lives 10 minutes: a leaked one is worth little, and a client asks again cheaply. */
export const INTEGRATION_TOKEN_SECONDS = 10 * 60;
const ISSUER = 'mijnspits-portal';
/** The integration door's audience: a portal token never opens it, and its tokens never open the portal. */
const AUDIENCE = 'integration';

export interface IntegrationClaims {
  integrationClientId: string;
  scopes: ImportKind[];
  /** the secret generation the token was made with: a rotation ends older tokens */
  generation: number;
}

export class IntegrationTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: IntegrationClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ scope: claims.scopes.join(' '), gen: claims.generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.integrationClientId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + INTEGRATION_TOKEN_SECONDS)
      .sign(this.key);
  }

  async verify(token: string): Promise<IntegrationClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string' || typeof payload.gen !== 'number') return null;
      const scopes = payload.scope.split(' ').filter((s): s is ImportKind => (integrationScopes as readonly string[]).includes(s));
      return { integrationClientId: payload.sub, scopes, generation: payload.gen };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
