import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ImportKind, ImportMode, ImportRunSummary } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { importRuns } from '../../db/schema.js';
import { HttpProblem } from '../../lib/problems.js';
import { jsonArrayRecords, ndjsonRecords, type BatchRecord } from './batch-body.js';
import { withIntegration } from './integration-tx.js';
import { readRunSummary, runImport } from './import-run.js';

export interface BatchRequest {
  kind: ImportKind;
  mode: ImportMode;
  customer: string | null;
  integrationClientId: string;
  idempotencyKey: string | null;
  contentType: string;
  body: Readable;
  address: string;
}

/** The body's rows by its media type: NDJSON line by line, a JSON array element by element. */
function recordsOf(contentType: string, body: Readable): AsyncIterable<BatchRecord> {
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-ndjson' || type === 'application/jsonl') return ndjsonRecords(body);
  if (type === 'application/json') return jsonArrayRecords(body);
  throw new HttpProblem(415, 'Stuur de rijen als application/json (een array) of application/x-ndjson (een rij per regel)');
}

/** The body passed through unchanged, hashed on the way with what else names the request. */
function hashing(request: BatchRequest) {
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
export async function handleBatch(db: Db, request: BatchRequest): Promise<{ summary: ImportRunSummary; replayed: boolean }> {
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
      return { summary: await readRunSummary(db, first.id), replayed: true };
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
  return { summary, replayed: false };
}
