import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integrationScopes, type ImportKind } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { integrationClients } from '../../db/schema.js';
import { hashToken } from '../../lib/crypto.js';
import { withIntegration } from './integration-tx.js';
import { UUID } from '../../db/tenancy.js';

/** A client id and its secret, shown to the operator once; only the secret's hash is kept. */
export interface IssuedCredentials {
  clientId: string;
  clientSecret: string;
}

export interface LiveIntegrationClient {
  id: string;
  name: string;
  scopes: ImportKind[];
  secretGeneration: number;
}

const newSecret = () => `spits_${randomBytes(32).toString('base64url')}`;

/** The scopes named on the command line: every one must be a kind (or `all`). */
export function parseScopes(text: string): ImportKind[] {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 1 && names[0] === 'all') return [...integrationScopes];
  const unknown = names.filter((n) => !(integrationScopes as readonly string[]).includes(n));
  if (unknown.length || names.length === 0) {
    throw new Error(`Onbekende scope(s): ${unknown.join(', ') || '(geen)'}. Kies uit: ${integrationScopes.join(', ')} of all`);
  }
  return [...new Set(names)] as ImportKind[];
}

/** The provider's operations on integration clients (the command line, as the tables' owner). */
export const integrationClientAdmin = {
  async create(ownerDb: Db, name: string, scopes: ImportKind[]): Promise<IssuedCredentials> {
    const clientSecret = newSecret();
    const [row] = await ownerDb.insert(integrationClients).values({ name, scopes, secretHash: hashToken(clientSecret) }).returning({ id: integrationClients.id });
    if (!row) throw new Error('integration client not created');
    return { clientId: row.id, clientSecret };
  },

  /** A new secret; the old one and every token made with it stop working at once. */
  async rotate(ownerDb: Db, clientId: string): Promise<IssuedCredentials> {
    const clientSecret = newSecret();
    const result = await ownerDb
      .update(integrationClients)
      .set({ secretHash: hashToken(clientSecret), secretGeneration: sql`${integrationClients.secretGeneration} + 1`, rotatedAt: new Date() })
      .where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`)
      .returning({ id: integrationClients.id });
    if (result.length === 0) throw new Error(`Koppeling ${clientId} bestaat niet of is ingetrokken.`);
    return { clientId, clientSecret };
  },

  async revoke(ownerDb: Db, clientId: string): Promise<void> {
    const result = await ownerDb
      .update(integrationClients)
      .set({ revokedAt: new Date() })
      .where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`)
      .returning({ id: integrationClients.id });
    if (result.length === 0) throw new Error(`Koppeling ${clientId} bestaat niet of is al ingetrokken.`);
  },

  async list(ownerDb: Db) {
    return ownerDb.select({ id: integrationClients.id, name: integrationClients.name, scopes: integrationClients.scopes, createdAt: integrationClients.createdAt, revokedAt: integrationClients.revokedAt }).from(integrationClients).orderBy(integrationClients.createdAt);
  },
};

/** The live (not revoked) client with this id; null for an unknown, malformed or revoked one. */
export async function liveIntegrationClient(db: Db, clientId: string): Promise<(LiveIntegrationClient & { secretHash: Buffer }) | null> {
  if (!UUID.test(clientId)) return null;
  const rows = await withIntegration(db, (tx) =>
    tx.select().from(integrationClients).where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`),
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, name: row.name, scopes: row.scopes as ImportKind[], secretGeneration: row.secretGeneration, secretHash: row.secretHash };
}

/** Whether `secret` is the client's secret, compared in constant time. */
export const secretMatches = (secret: string, hash: Buffer) => {
  const candidate = hashToken(secret);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
};
