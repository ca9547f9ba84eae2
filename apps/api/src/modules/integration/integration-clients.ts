import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integrationScopes, type IntegrationScope } from '@portal/contract';
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
  scopes: IntegrationScope[];
  /** the current secret's number */
  secretGeneration: number;
  /** the number of the secret before it, while that one is still valid; null when there is none */
  previousGeneration: number | null;
}

/** How long a rotated secret stays valid beside its successor unless retired earlier (a day: one nightly run). */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
/** The longest overlap a rotation may ask for. */
export const MAX_SECRET_OVERLAP_HOURS = 24 * 30;

const newSecret = () => `spits_${randomBytes(32).toString('base64url')}`;

/** The scopes named on the command line: every one must be a kind (or `all`). */
export function parseScopes(text: string): IntegrationScope[] {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 1 && names[0] === 'all') return [...integrationScopes];
  const unknown = names.filter((n) => !(integrationScopes as readonly string[]).includes(n));
  if (unknown.length || names.length === 0) {
    throw new Error(`Onbekende scope(s): ${unknown.join(', ') || '(geen)'}. Kies uit: ${integrationScopes.join(', ')} of all`);
  }
  return [...new Set(names)] as IntegrationScope[];
}

/** The provider's operations on integration clients (the command line, as the tables' owner). */
export const integrationClientAdmin = {
  async create(ownerDb: Db, name: string, scopes: IntegrationScope[], contactEmail: string | null = null): Promise<IssuedCredentials> {
    const clientSecret = newSecret();
    const [row] = await ownerDb
      .insert(integrationClients)
      .values({ name, scopes, secretHash: hashToken(clientSecret), contactEmail })
      .returning({ id: integrationClients.id });
    if (!row) throw new Error('integration client not created');
    return { clientId: row.id, clientSecret };
  },

  /**
   * A new secret. The old one (and its tokens) stays valid beside it for `overlapHours`, or until `retire`, so the
   * provider's systems switch over without a moment in which neither works; with 0 (a secret that leaked) the old
   * one and every token made with it stop working at once. A secret older than the old one is gone either way.
   */
  async rotate(ownerDb: Db, clientId: string, overlapHours: number = DEFAULT_SECRET_OVERLAP_HOURS): Promise<IssuedCredentials & { previousUntil: Date | null }> {
    if (!Number.isFinite(overlapHours) || overlapHours < 0 || overlapHours > MAX_SECRET_OVERLAP_HOURS) {
      throw new Error(`--overlap-hours is een aantal uren van 0 tot en met ${MAX_SECRET_OVERLAP_HOURS}`);
    }
    const clientSecret = newSecret();
    const previousUntil = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
    const result = await ownerDb
      .update(integrationClients)
      .set({
        secretHash: hashToken(clientSecret),
        secretGeneration: sql`${integrationClients.secretGeneration} + 1`,
        previousSecretHash: previousUntil ? sql`${integrationClients.secretHash}` : null,
        previousSecretUntil: previousUntil,
        rotatedAt: new Date(),
      })
      .where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`)
      .returning({ id: integrationClients.id });
    if (result.length === 0) throw new Error(`Koppeling ${clientId} bestaat niet of is ingetrokken.`);
    return { clientId, clientSecret, previousUntil };
  },

  /** Ends the previous secret before its time: it, and the tokens made with it, stop working at once. */
  async retire(ownerDb: Db, clientId: string): Promise<boolean> {
    const result = await ownerDb
      .update(integrationClients)
      .set({ previousSecretHash: null, previousSecretUntil: null })
      .where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null and ${integrationClients.previousSecretHash} is not null`)
      .returning({ id: integrationClients.id });
    return result.length > 0;
  },

  async revoke(ownerDb: Db, clientId: string): Promise<void> {
    const result = await ownerDb
      .update(integrationClients)
      .set({ revokedAt: new Date() })
      .where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`)
      .returning({ id: integrationClients.id });
    if (result.length === 0) throw new Error(`Koppeling ${clientId} bestaat niet of is al ingetrokken.`);
  },

  /** Whom the portal tells when one of the client's webhook endpoints is switched off; null: nobody. */
  async setContact(ownerDb: Db, clientId: string, contactEmail: string | null): Promise<void> {
    const result = UUID.test(clientId)
      ? await ownerDb.update(integrationClients).set({ contactEmail }).where(sql`${integrationClients.id} = ${clientId}`).returning({ id: integrationClients.id })
      : [];
    if (result.length === 0) throw new Error(`Koppeling ${clientId} bestaat niet.`);
  },

  async list(ownerDb: Db) {
    return ownerDb.select({ id: integrationClients.id, name: integrationClients.name, scopes: integrationClients.scopes, contactEmail: integrationClients.contactEmail, createdAt: integrationClients.createdAt, revokedAt: integrationClients.revokedAt }).from(integrationClients).orderBy(integrationClients.createdAt);
  },
};

/** A live client with the hashes of the secrets that open it now: the current one, and the previous while valid. */
export type LiveClientWithSecrets = LiveIntegrationClient & { secretHash: Buffer; previousSecretHash: Buffer | null };

/** The live (not revoked) client with this id; null for an unknown, malformed or revoked one. */
export async function liveIntegrationClient(db: Db, clientId: string, now: Date = new Date()): Promise<LiveClientWithSecrets | null> {
  if (!UUID.test(clientId)) return null;
  const rows = await withIntegration(db, (tx) =>
    tx.select().from(integrationClients).where(sql`${integrationClients.id} = ${clientId} and ${integrationClients.revokedAt} is null`),
  );
  const row = rows[0];
  if (!row) return null;
  const previousLive = row.previousSecretHash !== null && row.previousSecretUntil !== null && row.previousSecretUntil > now;
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as IntegrationScope[],
    secretGeneration: row.secretGeneration,
    previousGeneration: previousLive ? row.secretGeneration - 1 : null,
    secretHash: row.secretHash,
    previousSecretHash: previousLive ? row.previousSecretHash : null,
  };
}

/**
 * The number of the secret `secret` is of this client, to sign its token with: the current one's, or the previous
 * one's while it is still valid; null when it is neither.
 */
export function generationOfSecret(client: LiveClientWithSecrets, secret: string): number | null {
  if (secretMatches(secret, client.secretHash)) return client.secretGeneration;
  if (client.previousSecretHash && client.previousGeneration !== null && secretMatches(secret, client.previousSecretHash)) return client.previousGeneration;
  return null;
}

/** Whether a token of generation `generation` still opens the client: made with its current or still-valid previous secret. */
export const generationIsLive = (client: LiveIntegrationClient, generation: number) =>
  generation === client.secretGeneration || (client.previousGeneration !== null && generation === client.previousGeneration);

/** Whether `secret` is the client's secret, compared in constant time. */
export const secretMatches = (secret: string, hash: Buffer) => {
  const candidate = hashToken(secret);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
};
