import { sql, type SQL } from 'drizzle-orm';
import {
  commandLineClient,
  importRejectionTableDefaults,
  importRunTableDefaults,
  type ImportRejectionColumn,
  type ImportRejectionRow,
  type ImportRunColumn,
  type ImportRunFilters,
  type ImportRunRow,
} from '@portal/contract';
import type { ScopedTableDefinition } from '../../lib/tables.js';

const count = (value: unknown) => Number(value ?? 0);
const moment = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

/** A run's columns as the list and the detail share them (the detail adds its own). */
export const runSelect = sql`ru.id, ru.started_at, ru.source, ic.name as client_name, ru.kind, ru.mode, ru.status, ru.scope_customer,
  ru.received, ru.inserted, ru.updated, ru.unchanged, ru.stale, ru.deleted, ru.rejected, ru.duration_ms`;
export const runFrom = sql`import_runs ru left join integration_clients ic on ic.id = ru.integration_client_id`;

export const runRow = (r: Record<string, unknown>): ImportRunRow => ({
  id: Number(r.id),
  startedAt: moment(r.started_at) ?? '',
  source: String(r.source),
  clientName: (r.client_name as string | null) ?? null,
  kind: String(r.kind),
  mode: String(r.mode),
  status: String(r.status),
  customer: (r.scope_customer as string | null) ?? null,
  received: count(r.received),
  inserted: count(r.inserted),
  updated: count(r.updated),
  unchanged: count(r.unchanged),
  stale: count(r.stale),
  deleted: count(r.deleted),
  rejected: count(r.rejected),
  durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
});

/**
 * Every import run, of every client and of the command line (issue 29.10), newest first. Its rows are the runs
 * table's own, the client's name joined: a page's keys are read from the started_at index alone (decision 0032).
 */
export const importRunTable: ScopedTableDefinition<ImportRunColumn, ImportRunRow> = {
  sortColumns: { startedAt: sql`ru.started_at` },
  defaults: importRunTableDefaults,
  tieBreaker: sql`ru.id`,
  from: runFrom,
  ownTable: { from: sql`import_runs ru`, sortColumns: ['startedAt'] },
  search: (pattern) => sql`portal_fold(coalesce(ic.name, '')) like ${pattern} or ru.kind like ${pattern}
    or portal_fold(coalesce(ru.scope_customer, '')) like ${pattern}`,
  select: runSelect,
  toRow: runRow,
};

/** The filters as one condition on the run's own columns (the period in Dutch days of its start). */
export function importRunScope(filters: ImportRunFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.client === commandLineClient) parts.push(sql`ru.integration_client_id is null`);
  else if (filters.client) parts.push(sql`ru.integration_client_id = ${filters.client}::uuid`);
  if (filters.kind) parts.push(sql`ru.kind = ${filters.kind}`);
  if (filters.status) parts.push(sql`ru.status = ${filters.status}`);
  if (filters.from) parts.push(sql`ru.started_at >= (${filters.from}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filters.until) parts.push(sql`ru.started_at < (${filters.until}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  return sql.join(parts, sql` and `);
}

/**
 * A run's rejected rows by line. `code` and `field` are what the rejection's details name (the integration's
 * machine code and the field's path), where they do.
 */
export const importRejectionTable: ScopedTableDefinition<ImportRejectionColumn, ImportRejectionRow> = {
  sortColumns: { line: sql`r.line` },
  defaults: importRejectionTableDefaults,
  tieBreaker: sql`r.id`,
  from: sql`import_rejections r`,
  search: (pattern) => sql`portal_fold(coalesce(r.key, '')) like ${pattern} or portal_fold(r.reason) like ${pattern}`,
  select: sql`r.id, r.line, r.key, r.details->>'code' as code, r.details->>'field' as field, r.reason`,
  toRow: (r) => ({
    id: Number(r.id),
    line: Number(r.line),
    key: (r.key as string | null) ?? null,
    code: (r.code as string | null) ?? null,
    field: (r.field as string | null) ?? null,
    reason: String(r.reason),
  }),
};
