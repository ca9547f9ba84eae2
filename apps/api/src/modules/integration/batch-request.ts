import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { importKinds, type ImportKind, type ImportMode, type ImportRunSummary } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IntegrationClaims } from './integration-tokens.js';
import { importRuns } from '../../db/schema.js';
import { HttpProblem } from '../../lib/problems.js';
import { rowsFormatOf } from '../../lib/streamed-body.js';
import { jsonArrayRecords, ndjsonRecords, type BatchRecord } from './batch-body.js';
import { withIntegration } from './integration-tx.js';
import { readRunSummary, runImport } from './import-run.js';

export interface BatchRequest {
  kind: ImportKind;
  mode: ImportMode;
  customer: string | null;
  integrationClientId: string;
  /** the Idempotency-Key header as it came */
  idempotencyKey: string | string[] | undefined;
  contentType: string | undefined;
  body: Readable;
  address: string;
  onReplay: () => void;
}

/**
 * A batch as its call brought it: the client's rows streaming in, its Idempotency-Key header, from where. A
 * replayed answer says so (the IETF Idempotency-Key draft's practice), so a client can tell.
 */
export function batchOf(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  client: IntegrationClaims,
  batch: { kind: ImportKind; mode: ImportMode; customer: string | null },
): BatchRequest {
  return {
    ...batch,
    integrationClientId: client.integrationClientId,
    idempotencyKey: request.headers['idempotency-key'],
    contentType: request.headers['content-type'],
    body,
    address: request.ip,
    onReplay: () => {
      reply.header('idempotent-replayed', 'true');
    },
  };
}

/** The body's rows by its media type (the door has refused any other): NDJSON line by line, a JSON array element by element. */
function recordsOf(contentType: string | undefined, body: Readable): AsyncIterable<BatchRecord> {
  return rowsFormatOf(contentType) === 'json' ? jsonArrayRecords(body) : ndjsonRecords(body);
}

/** What a batch may not be, whatever its rows: refused (422) before any is read. */
function refuseImpossible(kind: ImportKind, mode: ImportMode, customer: string | null) {
  if (kind === 'customers' && mode === 'delete') throw new HttpProblem(422, 'Klanten worden niet via de koppeling verwijderd');
  if (kind === 'customers' && mode === 'snapshot') throw new HttpProblem(422, 'Klanten worden niet via een momentopname verwijderd; stuur ze als upsert');
  if (mode === 'snapshot' && importKinds[kind].perCustomer && !customer) {
    throw new HttpProblem(422, 'Een momentopname geldt voor één klant: geef ?customer=<klantcode> op');
  }
}

/** The body passed through unchanged, hashed on the way with what else names the request. */
function hashing(request: Pick<BatchRequest, 'kind' | 'mode' | 'customer' | 'body'>) {
  const hash = createHash('sha256').update(`${request.kind}\n${request.mode}\n${request.customer ?? ''}\n`);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  request.body.on('error', (error) => stream.destroy(error));
  request.body.pipe(stream);
  let digest: Buffer | null = null;
  return { stream, digest: () => (digest ??= hash.digest()) };
}

/**
 * A batch with an optional Idempotency-Key: a retry of a finished request (same key, same body) answers the
 * first result without writing again; the same key with another body is refused; a retry while the first is
 * still running answers 409.
 */
export async function handleBatch(db: Db, batch: BatchRequest): Promise<ImportRunSummary> {
  refuseImpossible(batch.kind, batch.mode, batch.customer);
  const header = batch.idempotencyKey;
  const key = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
  if (key && key.length > 200) throw new HttpProblem(400, 'Idempotency-Key is langer dan 200 tekens');
  // A customer named for a kind of no customer is left out (a row names its own).
  const request = { ...batch, customer: importKinds[batch.kind].perCustomer ? batch.customer : null, idempotencyKey: key };
  const { stream, digest } = hashing(request);
  if (request.idempotencyKey) {
    const earlier = await withIntegration(db, (tx) =>
      tx
        .select({ id: importRuns.id, status: importRuns.status, requestHash: importRuns.requestHash })
        .from(importRuns)
        .where(sql`${importRuns.integrationClientId} = ${request.integrationClientId} and ${importRuns.idempotencyKey} = ${request.idempotencyKey}`),
    );
    const first = earlier[0];
    if (first) {
      if (first.status === 'running') throw new HttpProblem(409, 'Een verzoek met deze Idempotency-Key wordt nog verwerkt');
      stream.resume();
      await new Promise<void>((resolve, reject) => {
        stream.on('end', resolve);
        stream.on('error', reject);
      });
      if (!first.requestHash || !digest().equals(first.requestHash)) {
        throw new HttpProblem(422, 'Deze Idempotency-Key is al gebruikt voor een ander verzoek');
      }
      request.onReplay();
      return withIntegration(db, (tx) => readRunSummary(tx, first.id));
    }
  }
  const records = recordsOf(request.contentType, stream);
  const summary = await runImport(
      db,
      {
        kind: request.kind,
        mode: request.mode,
        scopeCustomer: request.customer,
        source: 'api',
        integrationClientId: request.integrationClientId,
        address: request.address,
        idempotencyKey: request.idempotencyKey,
      },
      records,
    digest,
  );
  return summary;
}
