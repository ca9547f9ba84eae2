import { createReadStream, createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { once } from 'node:events';
import { importKind, importRunText, type ImportKind, type ImportRejection, type ImportRunSummary } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { jsonArrayRecords, ndjsonRecords, type BatchRecord } from './batch-body.js';
import { fileLayouts } from './file-columns.js';
import { csvRows, flatRecords, xlsxRows } from './flat-files.js';
import { runImport } from './import-run.js';
import { TextDecoding } from './text-decoding.js';
import { streamRejections } from './run-rejections.js';
import type { DeleteGuard } from './delete-guard.js';

export interface FileImportOptions {
  kind: string;
  file: string;
  /** the customer of rows without one, and the scope of a snapshot */
  customer: string | null;
  mode: 'upsert' | 'snapshot';
  /** where the rejected rows go; default beside the file */
  rejectsFile?: string;
  /** how much of the snapshot's scope it may delete (the API's guard); none: no limit */
  deleteGuard?: DeleteGuard;
  /** where the progress line goes (a terminal's stderr) */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The records of a file by its extension: NDJSON, a JSON array, CSV or XLSX. */
function fileRecords(kind: ImportKind, file: string, input: Readable, decoding: TextDecoding): AsyncIterable<BatchRecord> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.ndjson' || extension === '.jsonl') return ndjsonRecords(input, decoding);
  if (extension === '.json') return jsonArrayRecords(input, decoding);
  if (extension === '.csv') return flatRecords(csvRows(input, decoding), fileLayouts[kind]);
  if (extension === '.xlsx') return flatRecords(xlsxRows(input), fileLayouts[kind]);
  throw new Error(`Onbekend bestandstype ${extension || '(geen)'}: gebruik .csv, .xlsx, .ndjson of .json`);
}

/** Rows without a customer get the one named on the command line. */
async function* withCustomer(records: AsyncIterable<BatchRecord>, customer: string | null): AsyncGenerator<BatchRecord> {
  for await (const record of records) {
    if (customer && 'value' in record && typeof record.value === 'object' && record.value !== null && !('customer' in record.value)) {
      yield { line: record.line, value: { ...record.value, customer } };
    } else yield record;
  }
}

const duration = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** One progress line: how far through the file, rows read, rows per second and the time left. */
export function progressLine(bytesRead: number, totalBytes: number, rows: number, elapsedMs: number): string {
  const fraction = totalBytes > 0 ? Math.min(1, bytesRead / totalBytes) : 0;
  const width = 24;
  const done = Math.round(fraction * width);
  const rate = elapsedMs > 0 ? (rows * 1000) / elapsedMs : 0;
  const left = fraction > 0 ? ((elapsedMs / 1000) * (1 - fraction)) / fraction : 0;
  const bar = `[${'#'.repeat(done)}${'.'.repeat(width - done)}]`;
  return `${bar} ${String(Math.round(fraction * 100)).padStart(3)}%  ${rows.toLocaleString('nl-NL')} rijen  ${Math.round(rate).toLocaleString('nl-NL')} rijen/s  nog ${duration(left)}`;
}

/**
 * `npm run portal -- import KIND FILE`: the file's rows through the same engine as the API (one transaction,
 * the same validation and counts), with a progress line, and the rejected rows written to a CSV file.
 */
export async function importFile(db: Db, options: FileImportOptions): Promise<{ summary: ImportRunSummary; rejectsFile: string | null }> {
  const kind = importKind.safeParse(options.kind);
  if (!kind.success) throw new Error(`Onbekende soort ${options.kind}: kies uit ${importKind.options.join(', ')}`);
  const totalBytes = statSync(options.file).size;
  let bytesRead = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  createReadStream(options.file).on('error', (error) => counting.destroy(error)).pipe(counting);
  const started = Date.now();
  const decoding = new TextDecoding();
  let lastDrawn = 0;
  const draw = (rows: number, force = false) => {
    const now = Date.now();
    if (!options.progress || (!force && now - lastDrawn < 200)) return;
    lastDrawn = now;
    options.progress.write(`\r${progressLine(bytesRead, totalBytes, rows, now - started)}`);
  };
  const summary = await runImport(
    db,
    {
      kind: kind.data,
      mode: options.mode,
      scopeCustomer: options.mode === 'snapshot' ? options.customer : null,
      source: 'cli',
      integrationClientId: null,
      address: null,
      onProgress: (rows) => draw(rows),
      decoding,
      ...(options.deleteGuard ? { deleteGuard: options.deleteGuard } : {}),
    },
    withCustomer(fileRecords(kind.data, options.file, counting, decoding), options.customer),
  );
  draw(summary.received, true);
  options.progress?.write('\n');
  if (summary.rejected === 0) return { summary, rejectsFile: null };
  const rejectsFile = options.rejectsFile ?? `${options.file}.afgewezen.csv`;
  const out = createWriteStream(rejectsFile);
  const headers = importRunText.rejectionHeaders;
  out.write(`\uFEFF${[headers.line, headers.key, headers.code, headers.field, headers.reason].join(';')}\n`);
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for await (const chunk of streamRejections(db, summary.runId) as AsyncIterable<Buffer | string>) {
    for (const json of String(chunk).split('\n').filter(Boolean)) {
      const r = JSON.parse(json) as ImportRejection;
      if (!out.write(`${r.line};${quote(r.key ?? '')};${r.code};${quote(r.field ?? '')};${quote(r.reason)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return { summary, rejectsFile };
}
