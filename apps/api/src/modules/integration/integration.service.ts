import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { importErrorText, importKinds, reconciliationRowLimit, type ImportKind, type ImportRunListItem, type IntegrationScope, type IntegrationTokenResponse, type Reconciliation } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { importRuns } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { IntegrationReading } from '../../doors/integration.js';
import { withIntegration } from './integration-tx.js';
import { generationOfSecret, liveIntegrationClient } from './integration-clients.js';
import { INTEGRATION_TOKEN_SECONDS, TOKEN_FAILURE_WINDOW_SECONDS, type IntegrationTokens, type TokenFailureLimits } from './integration-tokens.js';
import { limitsOver } from '../../lib/rate-limit.js';
import { HttpProblem, tooManyRequests } from '../../lib/problems.js';
import { UUID } from '../../db/tenancy.js';
import { kindWriters } from './writers.js';
import { ImportInputError } from './import-errors.js';

/** RFC 6749 §5.2: what a token request is refused with, in the body that section prescribes. */
export class OAuthError extends HttpProblem {
  constructor(
    override readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    description: string,
    headers?: Record<string, string>,
  ) {
    super(status, description, undefined, headers);
  }

  /** The same refusal with the challenge of HTTP Basic (RFC 6749 §5.2: 401 for a client that used it). */
  withBasicChallenge(): OAuthError {
    return new OAuthError(this.status, this.error, this.message, { 'www-authenticate': 'Basic realm="integration"' });
  }

  override answer() {
    return { contentType: 'application/json; charset=utf-8', body: { error: this.error, error_description: this.message } };
  }
}

export interface TokenRequest {
  grantType: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  scope: string | undefined;
  address: string;
}

/**
 * The client-credentials grant (RFC 6749 §4.4): a short-lived token with the scopes asked for, or all granted.
 * Failed attempts are limited per client id and per address (issue 26.6). A wrong attempt counts in the same
 * statement that checks the limit, so attempts sent at once cannot pass it together; a right one only looks, so
 * a client that asks often, or many times at once, is never refused for its own successes.
 */
export async function issueIntegrationToken(
  db: Db,
  tokens: IntegrationTokens,
  now: Date,
  request: TokenRequest,
  limits: TokenFailureLimits,
): Promise<IntegrationTokenResponse> {
  if (!request.grantType) throw new OAuthError(400, 'invalid_request', 'grant_type ontbreekt');
  if (request.grantType !== 'client_credentials') throw new OAuthError(400, 'unsupported_grant_type', 'Alleen grant_type=client_credentials wordt ondersteund');
  if (!request.clientId || !request.clientSecret) throw new OAuthError(400, 'invalid_request', 'client_id en client_secret zijn verplicht');
  const client = await liveIntegrationClient(db, request.clientId);
  const generation = client === null ? null : generationOfSecret(client, request.clientSecret);
  const right = generation !== null;
  // Only a well-formed id has a counter of its own: a made-up one is its address's failure.
  const claimedId = UUID.test(request.clientId) ? request.clientId : null;
  const audit = async (outcome: 'Success' | 'Failure', details: Record<string, unknown>) =>
    withIntegration(db, (tx) =>
      writeAudit(tx, {
        action: 'Integration.Token',
        outcome,
        integrationClientId: client?.id ?? null,
        objectType: 'IntegrationClient',
        objectId: client?.id ?? claimedId,
        address: request.address,
        details,
      }),
    );
  const keys = [
    { key: `integration-token:address:${request.address}`, limit: limits.perAddress },
    ...(claimedId ? [{ key: `integration-token:client:${claimedId}`, limit: limits.perClient }] : []),
  ];
  const limited = await limitsOver(db, keys, TOKEN_FAILURE_WINDOW_SECONDS, { hit: !right });
  if (limited.over.length > 0) {
    await audit('Failure', { reason: 'throttled', limitedBy: limited.over.map((key) => (key === keys[0]?.key ? 'address' : 'client')) });
    throw tooManyRequests(limited.retryAfterSeconds);
  }
  if (!right || client === null) {
    await audit('Failure', { reason: 'invalid_client' });
    throw new OAuthError(401, 'invalid_client', 'Onbekende koppeling, verkeerd geheim of ingetrokken koppeling');
  }
  let scopes = client.scopes;
  if (request.scope !== undefined && request.scope.trim() !== '') {
    const asked = request.scope.trim().split(/\s+/);
    const refused = asked.filter((s) => !(client.scopes as string[]).includes(s));
    if (refused.length) throw new OAuthError(400, 'invalid_scope', `Niet toegekend aan deze koppeling: ${refused.join(' ')}`);
    scopes = asked as IntegrationScope[];
  }
  const token = await tokens.sign({ integrationClientId: client.id, scopes, generation }, now);
  await audit('Success', { scopes });
  return { access_token: token, token_type: 'Bearer', expires_in: INTEGRATION_TOKEN_SECONDS, scope: scopes.join(' ') };
}

/** A reconciliation as asked: the customer of a customer's kind, a range of keys, and whether to list its rows. */
export interface ReconciliationQuery {
  customer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  rows: boolean;
}

/**
 * What the portal holds of a kind (for a customer, in a range of keys): the count, and a checksum the sender can
 * compute too, over each row's key, version and hash of its content; with `rows`, the rows themselves, so that
 * a sender that found a differing range by halving it sees which row differs. A kind of a customer needs the
 * customer (`?customer=`); for the others, a customer named is left out.
 */
export async function reconcile({ tx, forCustomer }: IntegrationReading, kind: ImportKind, query: ReconciliationQuery): Promise<Reconciliation> {
  const { perCustomer } = importKinds[kind];
  const customer = query.customer ?? null;
  let customerId: string | null = null;
  if (perCustomer) {
    if (!customer) throw new ImportInputError('required', importErrorText.customerRequired, 'customer');
    const found = await tx.execute<{ id: string }>(sql`select id from clients where client_code = ${customer}`);
    customerId = found.rows[0]?.id ?? null;
    if (!customerId) throw new ImportInputError('unknown_reference', importErrorText.unknownCustomer(customer), 'customer');
    await forCustomer(customerId);
  }
  const from = query.from ?? null;
  const to = query.to ?? null;
  // Byte order of the keys' UTF-8, which is the order a sender gets by comparing the bytes.
  const range = sql`${from === null ? sql`` : sql`and s.key collate "C" >= ${from}`} ${to === null ? sql`` : sql`and s.key collate "C" <= ${to}`}`;
  const line = sql`s.key || E'\t' || coalesce(s.version, '') || E'\t' || coalesce(encode(s.hash, 'hex'), '') || E'\n'`;
  const source = kindWriters[kind].reconcileSource(customerId);
  const result = await tx.execute<{ count: number; digest: string }>(sql`
    select count(*)::int as count,
      encode(sha256(convert_to(coalesce(string_agg(${line}, '' order by s.key collate "C"), ''), 'UTF8')), 'hex') as digest
    from (${source}) s where true ${range}`);
  const count = result.rows[0]?.count ?? 0;
  const answer: Reconciliation = { kind, customer: perCustomer ? customer : null, from, to, count, checksum: result.rows[0]?.digest ?? '' };
  if (!query.rows) return answer;
  if (count > reconciliationRowLimit) throw new ImportInputError('too_many_rows', importErrorText.tooManyRows(count, reconciliationRowLimit), 'rows');
  const rows = await tx.execute<{ key: string; version: string; hash: string }>(sql`
    select s.key, coalesce(s.version, '') as version, coalesce(encode(s.hash, 'hex'), '') as hash
    from (${source}) s where true ${range} order by s.key collate "C"`);
  return { ...answer, rows: rows.rows };
}

/** The checksum a sender computes over its own rows, the same way (for tests and the documentation). */
export function checksumOf(rows: { key: string; version?: string | null; hash?: string | null }[]): string {
  const lines = [...rows].sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  return createHash('sha256')
    .update(lines.map((r) => `${r.key}\t${r.version ?? ''}\t${r.hash ?? ''}\n`).join(''))
    .digest('hex');
}

/** The client's own runs, newest first. */
export async function listImportRuns({ tx, client }: IntegrationReading, limit: number, before: number | null): Promise<ImportRunListItem[]> {
  const runs = await tx
    .select()
    .from(importRuns)
    .where(sql`${importRuns.integrationClientId} = ${client.integrationClientId} ${before ? sql`and ${importRuns.id} < ${before}` : sql``}`)
    .orderBy(sql`${importRuns.id} desc`)
    .limit(limit);
  return runs.map((run) => ({
    ...run,
    source: run.source as ImportRunListItem['source'],
    kind: run.kind as ImportKind,
    mode: run.mode as ImportRunListItem['mode'],
    status: run.status as ImportRunListItem['status'],
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}

/** The run, when it is the client's own: another client's run, like one that never was, answers 404. */
export async function ownRun({ tx, client }: IntegrationReading, runId: number): Promise<number> {
  const rows = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(sql`${importRuns.id} = ${runId} and ${importRuns.integrationClientId} = ${client.integrationClientId}`);
  if (rows.length === 0) throw new HttpProblem(404, 'Onbekende importrun');
  return runId;
}
