import { sql } from 'drizzle-orm';
import {
  deleteImportRow,
  importErrorText,
  importKinds,
  rejectionOf,
  rowIssues,
  storableTextPattern,
  type ImportKind,
  type ImportMode,
  type ImportRunSummary,
  validation,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { importRuns } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { BatchRecord } from './batch-body.js';
import { forCustomer, withIntegration, type IntegrationTx } from './integration-tx.js';
import type { Rejection, StagedRow } from './keyed-table.js';
import { kindWriters } from './writers.js';
import { readRunSummary } from './run-summary.js';
import type { TextDecoding } from './text-decoding.js';
import { auditPatientsWritten, deletingPatients } from './patient-trail.js';
import { ImportInputError } from './import-errors.js';
import { DeleteTally, type DeleteGuard } from './delete-guard.js';
import { rowHash } from './row-hash.js';
import { failureOf } from './run-failure.js';
import { noteImportRows } from '../../lib/observability/signals.js';

/** The rows a run warns of by line; the rest are taken without a word. */
const MAX_WARNINGS = 100;

/** Rows written per statement: large enough to be one round trip per thousands, small enough to stay flat. */
export const CHUNK_ROWS = 2000;

export interface ImportRequest {
  kind: ImportKind;
  mode: ImportMode;
  /** a snapshot's customer (for a customer's kinds) */
  scopeCustomer: string | null;
  source: 'api' | 'cli';
  integrationClientId: string | null;
  address: string | null;
  /** called after every chunk with the rows read so far */
  onProgress?: (rowsRead: number) => void;
  /** how much of a scope the batch may delete; none: no limit (the operator's own command-line import) */
  deleteGuard?: DeleteGuard;
  /** how the batch's text was read: its warnings go with the run */
  decoding?: TextDecoding;
}

interface Totals {
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  stale: number;
  deleted: number;
  /** rows taken with a warning (a product's halving unsaid), at most MAX_WARNINGS */
  warnings: string[];
  rejected: Rejection[];
}


/**
 * One batch, from first row to last, in one transaction of the integration role: what a customer sees changes
 * all at once when it commits, or not at all. Rows that fail validation or refer to what does not exist are
 * refused with their line and reason, and the others are written; anything else fails the whole batch.
 *
 * Not the door's unit of work (one transaction per call): the run is recorded in a transaction of its own first,
 * so that it is seen running while its rows stream in (for minutes, a million rows, written in chunks of
 * CHUNK_ROWS statements), and a failed run is recorded after the batch's transaction has rolled back.
 */
export async function runImport(db: Db, request: ImportRequest, records: AsyncIterable<BatchRecord>): Promise<ImportRunSummary> {
  const started = Date.now();
  const runId = await withIntegration(db, async (tx) => {
    const [run] = await tx
      .insert(importRuns)
      .values({
        integrationClientId: request.integrationClientId,
        source: request.source,
        kind: request.kind,
        mode: request.mode,
        scopeCustomer: request.scopeCustomer,
        status: 'running',
      })
      .returning({ id: importRuns.id });
    if (!run) throw new Error('import run not recorded');
    return run.id;
  });
  try {
    await withIntegration(db, async (tx) => {
      const totals = await writeBatch(tx, request, records);
      const durationMs = Date.now() - started;
      await recordRejections(tx, runId, totals.rejected);
      await writeAudit(tx, {
        action: `Integration.Import`,
        outcome: 'Success',
        integrationClientId: request.integrationClientId,
        objectType: 'ImportRun',
        objectId: String(runId),
        address: request.address,
        details: { kind: request.kind, mode: request.mode, integrationClientId: request.integrationClientId, source: request.source, received: totals.received },
      });
      await tx
        .update(importRuns)
        .set({
          status: statusOf(totals),
          received: totals.received,
          inserted: totals.inserted,
          updated: totals.updated,
          unchanged: totals.unchanged,
          stale: totals.stale,
          deleted: totals.deleted,
          warnings: [...(request.decoding?.warnings() ?? []), ...totals.warnings],
          rejected: totals.rejected.length,
          finishedAt: new Date(),
          durationMs,
        })
        .where(sql`${importRuns.id} = ${runId}`);
    });
  } catch (error) {
    await withIntegration(db, (tx) =>
      tx
        .update(importRuns)
        .set({ status: 'failed', error: failureOf(error), finishedAt: new Date(), durationMs: Date.now() - started })
        .where(sql`${importRuns.id} = ${runId}`),
    );
    throw error;
  }
  const summary = await withIntegration(db, (tx) => readRunSummary(tx, runId));
  const { inserted, updated, unchanged, stale, deleted, rejected } = summary;
  noteImportRows({ kind: request.kind, counts: { inserted, updated, unchanged, stale, deleted, rejected } });
  return summary;
}

async function writeBatch(tx: IntegrationTx, request: ImportRequest, records: AsyncIterable<BatchRecord>): Promise<Totals> {
  const kind = importKinds[request.kind];
  const writer = kindWriters[request.kind];
  const totals: Totals = { received: 0, inserted: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, rejected: [], warnings: [] };
  const tally = new DeleteTally();
  const customers = new Map(
    (await tx.execute<{ id: string; client_code: string }>(sql`select id, client_code from clients`)).rows.map((r) => [r.client_code, r.id]),
  );
  let scopeId: string | null = null;
  if (request.scopeCustomer !== null) {
    scopeId = customers.get(request.scopeCustomer) ?? null;
    if (!scopeId) throw new ImportInputError('unknown_reference', importErrorText.unknownCustomer(request.scopeCustomer), 'customer');
  }
  const snapshot = request.mode === 'snapshot';
  if (snapshot) await tx.execute(sql`create temp table import_seen (key text primary key) on commit drop`);

  /** this chunk's rows per customer ('' for rows of no customer), by key: a later row of a key replaces an earlier one */
  let chunk = new Map<string, Map<string, StagedRow<unknown>>>();
  let chunkRows = 0;
  /** per customer, the unique values of this chunk's rows (a department's name) with the key that holds each */
  let chunkUniques = new Map<string, Map<string, string>>();
  const write = async (groups: Map<string, Map<string, StagedRow<unknown>>>, rowsRead: number) => {
    for (const [clientKey, rows] of groups) {
      const customerId = clientKey === '' ? null : clientKey;
      await forCustomer(tx, customerId);
      const staged = [...rows.values()];
      if (request.mode === 'delete') {
        const keys = sql`p.external_key = any(${sql.param(staged.map((r) => r.key))}::text[])`;
        await tally.opening(customerId, () => writer.scopeCount(tx, customerId));
        const counts = await deletingPatients(tx, request, customerId, keys, () => writer.deleteKeys(tx, customerId, staged));
        tally.deleted(customerId, counts.deleted);
        totals.deleted += counts.deleted;
        totals.rejected.push(...counts.rejected);
        continue;
      }
      const counts = await writer.upsert(tx, customerId, staged as StagedRow<never>[]);
      totals.inserted += counts.inserted;
      totals.updated += counts.updated;
      totals.unchanged += counts.unchanged;
      totals.stale += counts.stale;
      totals.rejected.push(...counts.rejected);
      await auditPatientsWritten(tx, request, customerId, counts.written);
      if (snapshot) {
        const refused = new Set(counts.rejected.map((r) => r.line));
        const kept = staged.filter((r) => !refused.has(r.line)).map((r) => r.key);
        await tx.execute(sql`insert into import_seen select unnest(${sql.param(kept)}::text[]) on conflict do nothing`);
      }
    }
    request.onProgress?.(rowsRead);
  };
  /**
   * Hands the chunk to the database and goes on reading and validating the next one meanwhile: the rows travel
   * to PostgreSQL while Node parses, so the two use the machine's cores side by side. One chunk is in flight at
   * a time, so the statements of the transaction stay in order.
   */
  let inflight: Promise<void> | null = null;
  const flush = async () => {
    await inflight;
    const groups = chunk;
    chunk = new Map();
    chunkUniques = new Map();
    chunkRows = 0;
    inflight = write(groups, totals.received);
    // Handled here so that a failure while the next chunk is read is not an unhandled rejection; the next
    // flush (or the end) awaits it and fails the batch.
    inflight.catch(() => undefined);
  };

  const schema = request.mode === 'delete' ? deleteImportRow : kind.row;
  for await (const record of records) {
    totals.received += 1;
    if ('error' in record) {
      totals.rejected.push({ line: record.line, key: null, code: record.code, field: null, reason: record.error });
      continue;
    }
    const parsed = schema.safeParse(record.value);
    if (!parsed.success) {
      const key = typeof record.value === 'object' && record.value !== null ? (record.value as Record<string, unknown>).key : null;
      // A key the database cannot store (a NUL in it) is left out: the line still says which row it was.
      const storedKey = typeof key === 'string' && storableTextPattern.test(key) ? key : null;
      totals.rejected.push({ line: record.line, key: storedKey, ...rejectionOf(rowIssues(schema, parsed.error, record.value)) });
      continue;
    }
    const row = parsed.data as Record<string, unknown> & { customer?: string };
    const key = request.mode === 'delete' ? String(row.key) : writer.keyOf(row as never);
    const advice = request.mode === 'delete' ? null : writer.adviceOf?.(row as never);
    if (advice && totals.warnings.length < MAX_WARNINGS) totals.warnings.push(`Regel ${record.line} (${key}): ${advice}`);
    let clientKey = '';
    if (kind.perCustomer) {
      const customerId = row.customer === undefined ? undefined : customers.get(row.customer);
      if (!customerId) {
        totals.rejected.push(
          row.customer === undefined
            ? { line: record.line, key, code: 'required', field: 'customer', reason: `customer: ${validation.required}` }
            : { line: record.line, key, code: 'unknown_reference', field: 'customer', reason: importErrorText.unknownCustomer(row.customer) },
        );
        continue;
      }
      if (scopeId && customerId !== scopeId) {
        totals.rejected.push({ line: record.line, key, code: 'other_customer', field: 'customer', reason: importErrorText.otherCustomer(request.scopeCustomer) });
        continue;
      }
      clientKey = customerId;
    }
    let rows = chunk.get(clientKey);
    if (!rows) chunk.set(clientKey, (rows = new Map()));
    // A delete list's row is its key alone: what must be unique besides it is a check of rows being written.
    const unique = request.mode === 'delete' ? undefined : writer.uniqueOf?.(row as never);
    if (unique !== undefined) {
      const uniques = (chunkUniques.get(clientKey) ?? chunkUniques.set(clientKey, new Map()).get(clientKey)) as Map<string, string>;
      const holder = uniques.get(unique.value);
      if (holder !== undefined && holder !== key) {
        totals.rejected.push({ line: record.line, key, code: 'not_unique', field: unique.field, reason: unique.taken });
        continue;
      }
      uniques.set(unique.value, key);
    }
    const earlier = rows.get(key);
    if (earlier) {
      totals.rejected.push({ line: earlier.line, key, code: 'duplicate_key', field: keyFieldOf(request), reason: importErrorText.replacedBy(record.line) });
    } else chunkRows += 1;
    rows.set(key, { line: record.line, key, row, hash: rowHash(record.value) });
    if (chunkRows >= CHUNK_ROWS) await flush();
  }
  await flush();
  await inflight;
  if (snapshot) {
    const customerId = kind.perCustomer ? scopeId : null;
    await forCustomer(tx, customerId);
    const unseen = sql`p.external_key is not null and not exists (select 1 from import_seen s where s.key = p.external_key)`;
    await tally.opening(customerId, () => writer.scopeCount(tx, customerId));
    const counts = await deletingPatients(tx, request, customerId, unseen, () => writer.deleteAbsent(tx, customerId));
    tally.deleted(customerId, counts.deleted);
    totals.deleted += counts.deleted;
    totals.rejected.push(...counts.rejected);
  }
  tally.check(request.deleteGuard, snapshot ? 'momentopname' : 'verwijderlijst', snapshot && totals.received === 0);
  return totals;
}

/** The field that holds a row's key: a customer's code, an assortment row's product, else `key`. */
function keyFieldOf({ kind, mode }: ImportRequest): string {
  if (mode === 'delete') return 'key';
  return kind === 'customers' ? 'code' : kind === 'assortment' ? 'product' : 'key';
}

/** How a batch that was kept ended: every row taken, some refused, or none taken (decision 0069). */
function statusOf(totals: Totals): 'succeeded' | 'partial' | 'rejected' {
  const refused = totals.rejected.length + totals.stale;
  if (refused === 0) return 'succeeded';
  return totals.inserted + totals.updated + totals.unchanged + totals.deleted === 0 ? 'rejected' : 'partial';
}

/** A run's rejected rows; their code and field go in `details`, where the back-office reads them too. */
async function recordRejections(tx: IntegrationTx, runId: number, rejected: Rejection[]) {
  for (let i = 0; i < rejected.length; i += CHUNK_ROWS) {
    const part = rejected.slice(i, i + CHUNK_ROWS);
    await tx.execute(sql`
      insert into import_rejections (run_id, line, key, reason, details)
      select ${runId}, r.line, r.key, r.reason, jsonb_build_object('code', r.code, 'field', r.field)
      from unnest(${sql.param(part.map((r) => r.line))}::int[], ${sql.param(part.map((r) => r.key))}::text[], ${sql.param(part.map((r) => r.reason))}::text[],
        ${sql.param(part.map((r) => r.code))}::text[], ${sql.param(part.map((r) => r.field))}::text[]) as r(line, key, reason, code, field)`);
  }
}
