import { createCipheriv, createDecipheriv, createHash, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

/** 256 random bits, URL-safe: refresh, reset and activation tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** AES-256-GCM for secrets at rest (TOTP secrets): `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A key only the holder of `token` can make: the database keeps the token's hash, not this. */
const keyFromToken = (token: string) => createHash('sha256').update(`successor-seal:${token}`, 'utf8').digest();

/** Seals `plain` so that only someone presenting `token` again can open it (a refresh token's successor). */
export const sealWithToken = (plain: string, token: string) => encryptSecret(plain, keyFromToken(token));
export const openWithToken = (sealed: string, token: string) => decryptSecret(sealed, keyFromToken(token));

export interface AccessClaims {
  accountId: number;
  customerId: string;
  isAdministrator: boolean;
  familyId: string;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'mijnspits-portal';
/** How many verified tokens a door keeps (about 0.5 kB each): more than the sessions of a busy quarter of an hour. */
export const VERIFIED_KEPT = 20_000;

/**
 * The signed tokens of the doors (architecture: portal, back-office, integration): HS256, our issuer, one
 * audience per door, so that a token of one door never opens another.
 */
export class DoorTokens {
  /**
   * The HMAC key, imported once: jose imports a key given as bytes again at every signature and check, which
   * cost each authenticated request a round of WebCrypto (issue 15).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly audience: 'portal' | 'backoffice' | 'integration',
    private readonly lifetimeSeconds: number,
    private readonly keep = VERIFIED_KEPT,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(subject: string, claims: JWTPayload, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimeSeconds)
      .sign(await this.key);
  }

  /**
   * Tokens this process has verified, until they expire: a browser sends the same access token with every call of
   * its quarter of an hour, and jose's check through WebCrypto (a job on libuv's thread pool) costs as much as the
   * rest of a cheap request (issue 15; docs/benchmarks.md). Only the very same string is found here, so the answer is
   * the one jose gave; its expiry is checked again at every use. At most `keep` tokens, the oldest
   * forgotten first; a forged or expired token is never kept.
   */
  private readonly verified = new Map<string, Readonly<JWTPayload> & { exp: number }>();

  /** How many verified tokens are kept now. */
  get keptCount(): number {
    return this.verified.size;
  }

  /** The payload of a valid token of this door; null when it is malformed, forged, of another door or expired. */
  async verify(token: string, options: { ignoreExpiry?: boolean } = {}): Promise<JWTPayload | null> {
    const kept = options.ignoreExpiry ? undefined : this.verified.get(token);
    if (kept) {
      if (Math.floor(Date.now() / 1000) < kept.exp) return kept;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: this.audience,
        algorithms: ['HS256'],
        // A token without an expiry would never end; one without these claims was not made by sign() above.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub'],
        ...(options.ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      if (!options.ignoreExpiry && typeof payload.exp === 'number') {
        if (this.verified.size >= this.keep) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, Object.freeze({ ...payload, exp: payload.exp }));
      }
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** The portal door's access tokens: a customer account's session. */
export class AccessTokens {
  private readonly door: DoorTokens;
  constructor(secret: string) {
    this.door = new DoorTokens(secret, 'portal', ACCESS_TOKEN_SECONDS);
  }

  sign(claims: AccessClaims, now = new Date()): Promise<string> {
    return this.door.sign(String(claims.accountId), { cid: claims.customerId, adm: claims.isAdministrator, fam: claims.familyId }, now);
  }

  /** The claims of a valid token; null when it is malformed, forged or expired. */
  async verify(token: string, options: { ignoreExpiry?: boolean } = {}): Promise<AccessClaims | null> {
    const payload = await this.door.verify(token, options);
    if (!payload) return null;
    const accountId = Number(payload.sub);
    if (!Number.isInteger(accountId) || typeof payload.cid !== 'string' || typeof payload.fam !== 'string') return null;
    return { accountId, customerId: payload.cid, isAdministrator: payload.adm === true, familyId: payload.fam };
  }
}
