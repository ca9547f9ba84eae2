import type { sql } from 'drizzle-orm';
import type { IntegrationTx } from './integration-tx.js';
import type { StagedRow, WriteCounts } from './keyed-table.js';
import type { DeleteCounts } from './keyed-deletes.js';

/** What the import engine asks of a kind; the same five verbs for all seven kinds. */
export interface KindWriter {
  /** the provider's key of a validated row */
  keyOf: (row: never) => string;
  /** a value besides the key that must be unique per customer (a department's name), its field, and the reason when it is not */
  uniqueOf?: (row: never) => { value: string; field: string; taken: string };
  upsert: (tx: IntegrationTx, customerId: string | null, rows: StagedRow<never>[]) => Promise<WriteCounts>;
  deleteKeys: (tx: IntegrationTx, customerId: string | null, keys: { line: number; key: string }[]) => Promise<DeleteCounts>;
  deleteAbsent: (tx: IntegrationTx, customerId: string | null) => Promise<DeleteCounts>;
  /** how many rows of the kind the customer (or, for the catalogue and the customers, everyone) has: a deletion's scope */
  scopeCount: (tx: IntegrationTx, customerId: string | null) => Promise<number>;
  /** what the sender should hear of a row that is taken as it is but may not say what it means (a warning) */
  adviceOf?: (row: never) => string | null;
  /** the key, version and row hash (bytea) columns reconciliation sums up, as SQL over the kind's rows of the customer */
  reconcileSource: (customerId: string | null) => ReturnType<typeof sql>;
}

