import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { AccessTokens, DoorTokens } from './crypto.js';

const secret = 'access-token-test-secret-of-enough-length-0123456789';
const tokens = new AccessTokens(secret);
const key = new TextEncoder().encode(secret);
const claims = { accountId: 7, customerId: '7c0c2d9e-5d0e-4a43-9d1e-0a3c1c7f2b11', isAdministrator: false, familyId: 'fam-1' };
const now = Math.floor(Date.now() / 1000);

/** A token signed with our own key, with exactly the registered claims given. */
function handMade(registered: { iss?: string; aud?: string; iat?: number; exp?: number; sub?: string }) {
  const jwt = new SignJWT({ cid: claims.customerId, adm: false, fam: claims.familyId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (registered.sub) jwt.setSubject(registered.sub);
  if (registered.iss) jwt.setIssuer(registered.iss);
  if (registered.aud) jwt.setAudience(registered.aud);
  if (registered.iat !== undefined) jwt.setIssuedAt(registered.iat);
  if (registered.exp !== undefined) jwt.setExpirationTime(registered.exp);
  return jwt.sign(key);
}

const complete = { sub: '7', iss: 'mijnspits-portal', aud: 'portal', iat: now, exp: now + 900 };

describe('access tokens', () => {
  it('carry issuer, audience, issued-at and expiry, and verify', async () => {
    const token = await tokens.sign(claims);
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ iss: 'mijnspits-portal', aud: 'portal', sub: '7' });
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(await handMade(complete))).toEqual(claims);
  });

  it.each(['exp', 'iat', 'iss', 'aud', 'sub'] as const)('are refused without %s, even when signed with our key', async (missing) => {
    const { [missing]: _dropped, ...rest } = complete;
    expect(await tokens.verify(await handMade(rest))).toBeNull();
  });

  it('are refused for another door or from another issuer', async () => {
    expect(await tokens.verify(await handMade({ ...complete, aud: 'backoffice' }))).toBeNull();
    expect(await tokens.verify(await handMade({ ...complete, iss: 'someone-else' }))).toBeNull();
  });
});

describe('tokens verified before', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are known again by their very string only: a changed signature or payload is checked anew and refused', async () => {
    const door = new DoorTokens(secret, 'portal', 900);
    const token = await door.sign('7', { cid: claims.customerId });
    expect(await door.verify(token)).toMatchObject({ sub: '7', cid: claims.customerId });
    expect(door.keptCount).toBe(1);
    expect(await door.verify(token)).toMatchObject({ sub: '7', cid: claims.customerId });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherSignature = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await door.verify(`${header}.${payload}.${otherSignature}`)).toBeNull();
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(await door.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    // Another door's key and audience never meet a token kept by this one.
    expect(await new DoorTokens(secret, 'backoffice', 900).verify(token)).toBeNull();
    expect(door.keptCount).toBe(1);
  });

  it('are refused once they expire, though verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const door = new DoorTokens(secret, 'portal', 60);
    const token = await door.sign('7', {});
    expect(await door.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 59_000);
    expect(await door.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 1_000);
    expect(await door.verify(token)).toBeNull();
    expect(door.keptCount).toBe(0);
    // Past its end it still names its session for a refresh (ignoreExpiry), without being kept for calls.
    expect(await door.verify(token, { ignoreExpiry: true })).toMatchObject({ sub: '7' });
    expect(await door.verify(token)).toBeNull();
  });

  it('are kept up to a number, the oldest forgotten first', async () => {
    const door = new DoorTokens(secret, 'portal', 900, 3);
    const made = await Promise.all([1, 2, 3, 4].map((n) => door.sign(String(n), {})));
    for (const token of made) expect(await door.verify(token)).not.toBeNull();
    expect(door.keptCount).toBe(3);
    for (const token of made) expect(await door.verify(token)).not.toBeNull();
    expect(door.keptCount).toBe(3);
  });
});
