import { sql } from 'drizzle-orm';
import { importErrorText } from '@portal/contract';
import type { IntegrationTx } from './integration-tx.js';
import type { KeyedTable, Rejection } from './keyed-table.js';

/** Rows of another table that keep a row from being deleted, or go with it. */
export interface Dependant {
  table: string;
  /** the column that holds our id of the row */
  column: string;
  /** whether the dependant is a customer's row (filtered by the customer) */
  perCustomer: boolean;
  /** null: deleted with the row; otherwise the Dutch reason the row is kept */
  blocks: string | null;
}

export interface DeleteCounts {
  deleted: number;
  rejected: Rejection[];
}

const ident = (name: string) => sql.identifier(name);

/**
 * Deletes the rows of `targets` (our ids with their keys): first what goes with them, then the rows themselves,
 * except where a dependant blocks it; those are reported with the dependant's reason.
 */
async function deleteTargets(
  tx: IntegrationTx,
  table: KeyedTable<unknown>,
  customerId: string | null,
  dependants: Dependant[],
  targets: { id: number | string; key: string | null; line: number }[],
): Promise<DeleteCounts> {
  const counts: DeleteCounts = { deleted: 0, rejected: [] };
  if (targets.length === 0) return counts;
  let ids = targets.map((t) => t.id);
  const refused = new Set<string>();
  for (const dependant of dependants.filter((d) => d.blocks !== null)) {
    const own = dependant.perCustomer && customerId ? sql`d.client_id = ${customerId} and` : sql``;
    const blocked = await tx.execute<{ id: number | string }>(sql`
      select distinct d.${ident(dependant.column)} as id from ${ident(dependant.table)} d
      where ${own} d.${ident(dependant.column)} = any(${sql.param(ids)})`);
    const blockedIds = new Set(blocked.rows.map((r) => String(r.id)));
    for (const target of targets) {
      const id = String(target.id);
      if (blockedIds.has(id) && !refused.has(id)) {
        refused.add(id);
        counts.rejected.push({ line: target.line, key: target.key, code: 'still_referenced', field: null, reason: dependant.blocks ?? '' });
      }
    }
    ids = ids.filter((id) => !blockedIds.has(String(id)));
  }
  if (ids.length === 0) return counts;
  const own = customerId ? sql`client_id = ${customerId} and` : sql``;
  for (const dependant of dependants.filter((d) => d.blocks === null)) {
    await tx.execute(sql`delete from ${ident(dependant.table)} where ${own} ${ident(dependant.column)} = any(${sql.param(ids)})`);
  }
  const gone = await tx.execute(sql`delete from ${ident(table.table)} where ${own} id = any(${sql.param(ids)})`);
  counts.deleted = gone.rowCount ?? 0;
  return counts;
}

/** The delete list of a batch: each key removed, or refused with the reason it was kept. */
export async function deleteKeyed(
  tx: IntegrationTx,
  table: KeyedTable<unknown>,
  customerId: string | null,
  dependants: Dependant[],
  keys: { line: number; key: string }[],
): Promise<DeleteCounts> {
  const own = customerId ? sql`client_id = ${customerId} and` : sql``;
  const found = await tx.execute<{ id: number | string; key: string }>(sql`
    select id, ${ident(table.keyColumn)} as key from ${ident(table.table)}
    where ${own} ${ident(table.keyColumn)} = any(${sql.param(keys.map((k) => k.key))}::text[])`);
  const byKey = new Map(found.rows.map((r) => [r.key, r.id]));
  const targets = keys.flatMap((k) => {
    const id = byKey.get(k.key);
    return id === undefined ? [] : [{ id, key: k.key, line: k.line }];
  });
  const counts = await deleteTargets(tx, table, customerId, dependants, targets);
  for (const k of keys) if (!byKey.has(k.key)) counts.rejected.push({ line: k.line, key: k.key, code: 'unknown_key', field: 'key', reason: importErrorText.unknownKey });
  return counts;
}

/**
 * A full snapshot's end: every row of the scope that the snapshot lacks is deleted (rows without a key too: the
 * snapshot is the whole truth of its scope), except rows that something still needs, which are kept and
 * reported on line 0 (they are not rows of the batch).
 */
export async function deleteAbsent(
  tx: IntegrationTx,
  table: KeyedTable<unknown>,
  customerId: string | null,
  dependants: Dependant[],
): Promise<DeleteCounts> {
  const own = customerId ? sql`t.client_id = ${customerId} and` : sql``;
  const absent = await tx.execute<{ id: number | string; key: string | null }>(sql`
    select t.id, t.${ident(table.keyColumn)} as key from ${ident(table.table)} t
    where ${own} not exists (select 1 from import_seen s where s.key = t.${ident(table.keyColumn)})`);
  return deleteTargets(tx, table, customerId, dependants, absent.rows.map((r) => ({ ...r, line: 0 })));
}
