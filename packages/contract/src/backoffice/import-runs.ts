import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { idField, optionalIsoDate, queryIdField } from '../fields.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';
import { importKindNames, importRunStatuses } from '../integration/kinds.js';

/**
 * Koppelingen, Importruns (issue 29.10): every batch the provider's systems and the command line sent, as the
 * Beheerder reads them. The words the screen and the rejected rows' file share.
 */
export const importRunText = {
  /** a run without a client: a file imported with the command line */
  commandLine: 'Opdrachtregel',
  statusLabels: {
    running: 'bezig',
    succeeded: 'geslaagd',
    partial: 'deels geslaagd',
    rejected: 'geweigerd',
    failed: 'mislukt',
  } satisfies Record<(typeof importRunStatuses)[number], string>,
  /** the rejected rows' columns, on the screen and in the file */
  rejectionHeaders: { line: 'Regel', key: 'Sleutel', code: 'Code', field: 'Veld', reason: 'Reden' },
} as const;

/** A status as the screen says it; one this version does not know, as it came. */
export const importRunStatusLabel = (status: string): string => (importRunText.statusLabels as Record<string, string>)[status] ?? status;

/** The client filter's value for the command line's runs (the others are a client's id). */
export const commandLineClient = 'cli';

export const importRunColumns = ['startedAt'] as const;
export type ImportRunColumn = (typeof importRunColumns)[number];
export const importRunTableDefaults = { sortBy: 'startedAt', descending: true, rowsPerPage: 50 } as const satisfies {
  sortBy: ImportRunColumn;
  descending: boolean;
  rowsPerPage: number;
};

export const importRejectionColumns = ['line'] as const;
export type ImportRejectionColumn = (typeof importRejectionColumns)[number];
export const importRejectionTableDefaults = { sortBy: 'line', descending: false, rowsPerPage: 50 } as const satisfies {
  sortBy: ImportRejectionColumn;
  descending: boolean;
  rowsPerPage: number;
};

/** The runs' filters (each narrows; all empty: every run). The period is in Dutch days of the run's start. */
export const importRunFilters = z.strictObject({
  /** an integration client's id, or `cli` for the command line's runs */
  client: z.union([z.literal(commandLineClient), z.uuid()], { error: v.invalidValue }).nullish(),
  kind: z.enum(importKindNames, { error: v.invalidValue }).nullish(),
  status: z.enum(importRunStatuses, { error: v.invalidValue }).nullish(),
  from: optionalIsoDate(),
  until: optionalIsoDate(),
});
export type ImportRunFilters = z.input<typeof importRunFilters>;

/** Kind, mode and status as stored: a value a later version adds is shown as it came rather than refused. */
export const importRunRow = z.object({
  id: z.int(),
  startedAt: z.string(),
  /** 'api' or 'cli' */
  source: z.string(),
  clientName: z.string().nullable(),
  kind: z.string(),
  mode: z.string(),
  status: z.string(),
  /** the customer code a snapshot was limited to */
  customer: z.string().nullable(),
  received: z.int(),
  inserted: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  stale: z.int(),
  deleted: z.int(),
  rejected: z.int(),
  durationMs: z.int().nullable(),
});
export type ImportRunRow = z.infer<typeof importRunRow>;

export const importRunDetail = importRunRow.extend({
  finishedAt: z.string().nullable(),
  warnings: z.array(z.string()),
  /** why a failed run failed */
  error: z.string().nullable(),
});
export type ImportRunDetail = z.infer<typeof importRunDetail>;

/** A rejected row: its line in the batch, its key, why; the machine code and field where the rejection names them. */
export const importRejectionRow = z.object({
  id: z.int(),
  line: z.int(),
  key: z.string().nullable(),
  code: z.string().nullable(),
  field: z.string().nullable(),
  reason: z.string(),
});
export type ImportRejectionRow = z.infer<typeof importRejectionRow>;

export const importRunTableBody = tableRequest(importRunColumns).extend(importRunFilters.shape);
export const importRejectionTableBody = tableRequest(importRejectionColumns).extend({ runId: idField() });

export const backofficeImportRunCalls = staffController('ImportRuns', ['Beheerder'], {
  getTable: {
    method: 'POST',
    body: importRunTableBody,
    response: tableResponse(importRunRow),
    summary: "Every import run of every integration client and of the command line, newest first, filtered; audited.",
  },
  get: {
    method: 'GET',
    query: z.object({ Id: queryIdField() }),
    response: importRunDetail,
    summary: 'One run with its counts, warnings and error; audited.',
  },
  getRejections: {
    method: 'POST',
    body: importRejectionTableBody,
    response: tableResponse(importRejectionRow),
    summary: "A run's rejected rows by line; audited, naming the patients a patients run's rows name by key.",
  },
  exportRejections: {
    method: 'GET',
    query: z.object({ Id: queryIdField() }),
    response: 'file',
    summary: "Every rejected row of a run as CSV (UTF-8 with BOM, semicolons), streamed; audited as the rows' read.",
  },
});
