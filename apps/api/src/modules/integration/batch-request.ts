import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { importKinds, type ImportKind, type ImportMode, type ImportRunSummary } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { ImportInputError } from './import-errors.js';
import { rowsFormatOf } from '../../lib/streamed-body.js';
import { jsonArrayRecords, ndjsonRecords, type BatchRecord } from './batch-body.js';
import type { IntegrationClaims } from './integration-tokens.js';
import { runImport } from './import-run.js';
import type { DeleteGuard } from './delete-guard.js';
import { TextDecoding } from './text-decoding.js';

export interface BatchRequest {
  kind: ImportKind;
  mode: ImportMode;
  customer: string | null;
  integrationClientId: string;
  contentType: string | undefined;
  body: Readable;
  address: string;
  deleteGuard: DeleteGuard;
}

/**
 * A batch as its call brought it: the client's rows streaming in, from where. Its Idempotency-Key is the door's
 * (one store for both doors, lib/submission-guard.ts): a retry is answered before the batch is handled.
 */
export function batchOf(
  request: FastifyRequest,
  body: Readable,
  client: IntegrationClaims,
  batch: { kind: ImportKind; mode: ImportMode; customer: string | null; deleteGuard: DeleteGuard },
): BatchRequest {
  return { ...batch, integrationClientId: client.integrationClientId, contentType: request.headers['content-type'], body, address: request.ip };
}

/** The body's rows by its media type (the door has refused any other): NDJSON line by line, a JSON array element by element. */
function recordsOf(contentType: string | undefined, body: Readable, decoding: TextDecoding): AsyncIterable<BatchRecord> {
  return rowsFormatOf(contentType) === 'json' ? jsonArrayRecords(body, decoding) : ndjsonRecords(body, decoding);
}

/** What a batch may not be, whatever its rows: refused (422) before any is read. */
function refuseImpossible(kind: ImportKind, mode: ImportMode, customer: string | null) {
  if (kind === 'customers' && mode === 'delete') throw new ImportInputError('not_allowed', 'Klanten worden niet via de koppeling verwijderd');
  if (kind === 'customers' && mode === 'snapshot') throw new ImportInputError('not_allowed', 'Klanten worden niet via een momentopname verwijderd; stuur ze als upsert', 'mode');
  if (mode === 'snapshot' && importKinds[kind].perCustomer && !customer) {
    throw new ImportInputError('required', 'Een momentopname geldt voor één klant: geef ?customer=<klantcode> op', 'customer');
  }
}

/**
 * A batch of the integration door: upsert, snapshot or delete list. A customer named for a kind of no customer
 * is left out (each row names its own).
 */
export async function handleBatch(db: Db, batch: BatchRequest): Promise<ImportRunSummary> {
  refuseImpossible(batch.kind, batch.mode, batch.customer);
  const decoding = new TextDecoding();
  return runImport(
    db,
    {
      kind: batch.kind,
      mode: batch.mode,
      scopeCustomer: importKinds[batch.kind].perCustomer ? batch.customer : null,
      source: 'api',
      integrationClientId: batch.integrationClientId,
      address: batch.address,
      deleteGuard: batch.deleteGuard,
      decoding,
    },
    recordsOf(batch.contentType, batch.body, decoding),
  );
}
