import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { customerCodeField, importKind, importKinds, integrationBasePath, type ImportKind, type ImportMode } from '@portal/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { HttpProblem } from '../../lib/problems.js';
import { BatchBodyError } from './batch-body.js';
import { handleBatch } from './batch-request.js';
import { ImportInputError, readRunSummary } from './import-run.js';
import { callerOf, integrationClientOf } from './integration-guard.js';
import { withIntegration } from './integration-tx.js';
import { auditLog } from '../../db/schema.js';
import { IntegrationTokens, type TokenFailureLimits } from './integration-tokens.js';
import { issueIntegrationToken, listImportRuns, OAuthError, ownsRun, reconcile } from './integration.service.js';
import { streamRejections } from './run-rejections.js';
import { integrationOpenApi } from './openapi.js';
import { deleteInvoiceFile, MAX_INVOICE_FILE_BYTES, putInvoiceFile, type InvoiceFileTarget } from './invoice-files.js';

/** A customer code in the query, as a row names it: storable text (a NUL is a 400, not a failed query), in capitals. */
const customerQuery = z.object({ customer: customerCodeField().optional() });
const batchQuery = customerQuery.extend({ mode: z.enum(['upsert', 'snapshot']).default('upsert') });
const runsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
});

/** A replayed answer says so (the IETF Idempotency-Key draft's practice), so a client can tell. */
function answer(reply: FastifyReply, result: { summary: unknown; replayed: boolean }) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.send(result.summary);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpProblem(400, result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return result.data;
}

function kindOf(request: FastifyRequest): ImportKind {
  const kind = importKind.safeParse((request.params as { kind?: string }).kind);
  if (!kind.success) throw new HttpProblem(404, 'Onbekende soort gegevens');
  return kind.data;
}

/** Input the engine refused as a whole: a problem document, never a 500. */
function asProblem(error: unknown): never {
  if (error instanceof ImportInputError) throw new HttpProblem(422, error.message);
  if (error instanceof BatchBodyError) throw new HttpProblem(400, error.message);
  throw error;
}

/** A whole (small) body as bytes, refused with 413 beyond `limit`. */
async function bytesOf(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > limit) {
      body.destroy();
      throw new HttpProblem(413, `Het bestand is groter dan ${limit / 1024 / 1024} MB`);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/**
 * What every route of the door shares: its own OpenAPI document (the portal's leaves it out), and an audit row
 * per call, answered or refused: which client (when its token was valid), what, the status, from where.
 */
function doorRoutes(door: FastifyInstance, db: Db) {
  door.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Before the answer leaves (onSend), so that the trail has the call once the client has the answer.
  door.addHook('onSend', async (request, reply, payload) => {
    const caller = callerOf.get(request) ?? null;
    await withIntegration(db, (tx) =>
      tx.insert(auditLog).values({
        action: 'Integration.Call',
        outcome: reply.statusCode < 400 ? 'Success' : 'Failure',
        objectType: caller ? 'IntegrationClient' : null,
        objectId: caller,
        address: request.ip,
        details: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
      }),
    ).catch((error: unknown) => request.log.error({ err: error }, 'integration call not audited'));
    return payload;
  });
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
 * The integration door (issue 11): `/api/integration/v1/…`, for the provider's systems. Its own encapsulated
 * scope: batch bodies are not parsed by Fastify but streamed to the import engine row by row, and only
 * integration tokens open it.
 */
export function registerIntegrationRoutes(
  app: FastifyInstance,
  deps: { db: Db; jwtSecret: string; clock: () => Date; tokenFailureLimits: TokenFailureLimits },
) {
  const tokens = new IntegrationTokens(deps.jwtSecret);
  const guard = { db: deps.db, tokens };
  // The door's own document (/api/docs describes the portal's calls only).
  const document = integrationOpenApi();
  app.get('/api/integration/docs', { schema: { hide: true } }, async () => document);

  void app.register(
    async (door) => {
      door.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      doorRoutes(door, deps.db);
      door.post('/token', async (request, reply) => {
        const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
        const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
        const basic = basicCredentials(request.headers.authorization);
        try {
          if (basic && (text('client_id') ?? text('client_secret'))) throw new OAuthError(400, 'invalid_request', 'Gebruik één manier om de koppeling aan te melden');
          const answer = await issueIntegrationToken(deps.db, tokens, deps.clock(), {
            grantType: text('grant_type'),
            clientId: basic?.id ?? text('client_id'),
            clientSecret: basic?.secret ?? text('client_secret'),
            scope: text('scope'),
            address: request.ip,
          }, deps.tokenFailureLimits);
          return reply.header('pragma', 'no-cache').send(answer);
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          if (error.status === 401 && basic) reply.header('www-authenticate', 'Basic realm="integration"');
          return reply.code(error.status).send({ error: error.error, error_description: error.message });
        }
      });
    },
    { prefix: integrationBasePath },
  );

  void app.register(
    async (door) => {
      doorRoutes(door, deps.db);
      // Rows stream to the engine as they arrive: no body limit of a parsed body applies, only the row limit.
      door.removeAllContentTypeParsers();
      door.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      door.post('/:kind', async (request, reply) => {
        const kind = kindOf(request);
        const claims = await integrationClientOf(request, guard, kind);
        const query = parsed(batchQuery, request.query);
        return answer(reply, await batch(request, kind, query.mode, query.customer ?? null, claims.integrationClientId));
      });
      door.post('/:kind/delete', async (request, reply) => {
        const kind = kindOf(request);
        const claims = await integrationClientOf(request, guard, kind);
        if (kind === 'customers') throw new HttpProblem(422, 'Klanten worden niet via de koppeling verwijderd');
        return answer(reply, await batch(request, kind, 'delete', null, claims.integrationClientId));
      });
      door.get('/:kind/reconciliation', async (request) => {
        const kind = kindOf(request);
        await integrationClientOf(request, guard, kind);
        const customer = parsed(customerQuery, request.query).customer ?? null;
        return reconcile(deps.db, kind, customer, importKinds[kind].perCustomer).catch(asProblem);
      });
      door.put('/invoices/:customer/:key/files/:fileType', async (request) => {
        const claims = await integrationClientOf(request, guard, 'invoices');
        const body = await bytesOf(request.body as Readable, MAX_INVOICE_FILE_BYTES);
        return putInvoiceFile(deps.db, request.params as InvoiceFileTarget, body, claims.integrationClientId, request.ip);
      });
      door.delete('/invoices/:customer/:key/files/:fileType', async (request, reply) => {
        await integrationClientOf(request, guard, 'invoices');
        await deleteInvoiceFile(deps.db, request.params as InvoiceFileTarget);
        return reply.code(204).send();
      });
      door.get('/import-runs', async (request) => {
        const claims = await integrationClientOf(request, guard);
        const query = parsed(runsQuery, request.query);
        return { runs: await listImportRuns(deps.db, claims.integrationClientId, query.limit, query.before ?? null) };
      });
      door.get('/import-runs/:id', async (request) => {
        const runId = await ownRun(request);
        return readRunSummary(deps.db, runId);
      });
      door.get('/import-runs/:id/rejections', async (request, reply) => {
        const runId = await ownRun(request);
        return reply.type('application/x-ndjson').send(streamRejections(deps.db, runId));
      });
    },
    { prefix: integrationBasePath },
  );

  async function ownRun(request: FastifyRequest): Promise<number> {
    const claims = await integrationClientOf(request, guard);
    const runId = Number((request.params as { id?: string }).id);
    if (!Number.isSafeInteger(runId) || runId < 1 || !(await ownsRun(deps.db, claims.integrationClientId, runId))) {
      throw new HttpProblem(404, 'Onbekende importrun');
    }
    return runId;
  }

  async function batch(request: FastifyRequest, kind: ImportKind, mode: ImportMode, customer: string | null, integrationClientId: string) {
    if (mode === 'snapshot' && kind === 'customers') throw new HttpProblem(422, 'Klanten worden niet via een momentopname verwijderd; stuur ze als upsert');
    if (mode === 'snapshot' && importKinds[kind].perCustomer && !customer) {
      throw new HttpProblem(422, 'Een momentopname geldt voor één klant: geef ?customer=<klantcode> op');
    }
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.trim() !== '' ? key.trim() : null;
    if (idempotencyKey && idempotencyKey.length > 200) throw new HttpProblem(400, 'Idempotency-Key is langer dan 200 tekens');
    return handleBatch(deps.db, {
      kind,
      mode,
      customer: importKinds[kind].perCustomer ? customer : null,
      integrationClientId,
      idempotencyKey,
      contentType: request.headers['content-type'] ?? '',
      body: request.body as Readable,
      address: request.ip,
    }).catch(asProblem);
  }
}
