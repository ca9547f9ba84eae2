import { sql } from 'drizzle-orm';
import type { ImportErrorCode, ImportKind, ImportRunSummary } from '@portal/contract';
import { importRejections, importRuns } from '../../db/schema.js';
import type { IntegrationTx } from './integration-tx.js';

/**
 * A rejected row as the API answers it: its code and field are in `details` (a rejection kept from before they
 * were reads as `invalid_row`, no field).
 */
export const rejectionColumns = {
  line: importRejections.line,
  key: importRejections.key,
  code: sql<ImportErrorCode>`coalesce(${importRejections.details}->>'code', 'invalid_row')`,
  field: sql<string | null>`${importRejections.details}->>'field'`,
  reason: importRejections.reason,
};

/** The rejected rows an answer lists; the run keeps all of them. */
export const LISTED_REJECTIONS = 1000;

/** A run as the API answers it, with its first rejected rows. */
export async function readRunSummary(tx: IntegrationTx, runId: number): Promise<ImportRunSummary> {
  const [run] = await tx.select().from(importRuns).where(sql`${importRuns.id} = ${runId}`);
  if (!run) throw new Error(`import run ${runId} not found`);
  const rejections = await tx
    .select(rejectionColumns)
    .from(importRejections)
    .where(sql`${importRejections.runId} = ${runId}`)
    .orderBy(importRejections.line)
    .limit(LISTED_REJECTIONS);
  return {
    runId: run.id,
    kind: run.kind as ImportKind,
    mode: run.mode as ImportRunSummary['mode'],
    status: run.status as ImportRunSummary['status'],
    customer: run.scopeCustomer,
    received: run.received,
    inserted: run.inserted,
    updated: run.updated,
    unchanged: run.unchanged,
    stale: run.stale,
    warnings: run.warnings,
    deleted: run.deleted,
    rejected: run.rejected,
    startedAt: run.startedAt.toISOString(),
    durationMs: run.durationMs,
    error: run.error,
    rejections,
  };
}
