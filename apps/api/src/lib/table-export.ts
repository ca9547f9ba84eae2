import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { exportRowsHeader, feedback, type ExportColumn, type ExportFormat, type TableRequest } from '@portal/contract';
import type { Tx } from '../db/tenancy.js';
import { formatEuro, monthLabel } from './dutch-format.js';
import { CSV_BOM, csvLine } from './csv.js';
import { wallClock } from './dutch-dates.js';
import { HttpProblem } from './problems.js';
import { streamFile } from './streamed-file.js';
import { tableSelection, type ScopedTableDefinition } from './tables.js';
import { xlsxStream, type XlsxCell } from './xlsx-stream.js';

/** Rows fetched from the cursor at a time: a few hundred kilobytes at most, whatever the table. */
const FETCH_SIZE = 500;

export interface TableExport<Col extends string, Row> {
  table: ScopedTableDefinition<Col, Row>;
  /** the rows the table shows this customer (row-level security checks it again) */
  scope: SQL;
  columns: readonly ExportColumn<Row>[];
  /** the sheet's name: the screen's title */
  title: string;
  /** the file's name without date and extension */
  fileName: string;
}

export interface ExportOutcome {
  /** the rows the file was to hold */
  total: number;
  /** the rows read into it before it ended (all of them, unless the download was cancelled) */
  rows: number;
  completed: boolean;
}

const integerFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** `YYYY-MM-DD` → `DD-MM-YYYY`, the way the screens write a date. */
const dutchDay = (isoDate: string) => `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;

/** A value as the screen shows it: what a CSV file holds. */
export function shownText(kind: ExportColumn<unknown>['kind'], value: string | number | null): string | null {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'text':
      return String(value);
    case 'integer':
      return typeof value === 'number' ? integerFormat.format(value) : String(value);
    case 'euro':
      return typeof value === 'number' ? formatEuro(Math.round(value * 100)) : String(value);
    case 'month':
      return monthLabel(String(value));
    case 'date':
    case 'dateTime':
    case 'moment': {
      const moment = wallClock(String(value), { seconds: kind === 'moment' });
      if (!moment) return String(value);
      return kind === 'date' || !moment.time ? dutchDay(moment.date) : `${dutchDay(moment.date)} ${moment.time}`;
    }
  }
}

/** Days since Excel's day zero (30 December 1899), with the time of day as the fraction. */
function excelSerial(date: string, time: string | null): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours = 0, minutes = 0, seconds = 0] = (time ?? '00:00').split(':').map(Number);
  return (Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86_400_000 + (hours * 3600 + minutes * 60 + seconds) / 86_400;
}

/** A value as an Excel cell: a number or date with the screen's look, text as shown. */
export function sheetCell(kind: ExportColumn<unknown>['kind'], value: string | number | null): XlsxCell {
  if (value === null || value === '') return null;
  if ((kind === 'integer' || kind === 'euro') && typeof value === 'number') return { number: value, style: kind };
  if (kind === 'date' || kind === 'dateTime' || kind === 'moment') {
    const moment = wallClock(String(value), { seconds: kind === 'moment' });
    if (moment) return { number: excelSerial(moment.date, kind === 'date' ? null : moment.time), style: kind };
  }
  return { text: shownText(kind, value) ?? '' };
}

/** Column widths from the header and the kind: enough for a date, an amount, or a name. */
const widthOf = (column: Pick<ExportColumn<unknown>, 'header' | 'kind'>) =>
  Math.max(column.header.length + 2, { text: 24, integer: 12, euro: 14, date: 12, dateTime: 17, moment: 20, month: 16 }[column.kind]);

/**
 * The table's rows as the request selects and sorts them, read from a cursor in the request's transaction (one
 * snapshot, every row once, in the table's order) a few hundred at a time, only as fast as they are sent.
 */
async function* cursorRows<Row>(
  tx: Tx,
  table: ScopedTableDefinition<string, Row>,
  where: SQL,
  orderBy: SQL,
  read: { rows: number },
  rowsRead: () => void,
) {
  await tx.execute(sql`declare table_export no scroll cursor for select ${table.select} from ${table.from} where ${where} ${orderBy}`);
  try {
    for (;;) {
      const batch = await tx.execute(sql.raw(`fetch ${FETCH_SIZE} from table_export`));
      for (const raw of batch.rows) {
        read.rows += 1;
        yield table.toRow(raw);
      }
      if (batch.rows.length < FETCH_SIZE) return;
    }
  } finally {
    // A transaction that failed has no cursor left to close.
    await tx.execute(sql.raw('close table_export')).catch(() => undefined);
    rowsRead();
  }
}

async function* csvChunks<Row>(columns: readonly ExportColumn<Row>[], rows: AsyncIterable<Row>) {
  yield CSV_BOM + csvLine(columns.map((c) => c.header));
  let chunk = '';
  for await (const row of rows) {
    chunk += csvLine(columns.map((c) => shownText(c.kind, c.value(row))));
    if (chunk.length > 32_768) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function* sheetRows<Row>(columns: readonly ExportColumn<Row>[], rows: AsyncIterable<Row>) {
  for await (const row of rows) yield columns.map((c) => sheetCell(c.kind, c.value(row)));
}

/** `inpakopdrachten-2026-11-25.csv`: the table and the day of the export (Amsterdam). */
export function exportFileName(base: string, format: ExportFormat, now: Date): string {
  const day = wallClock(now.toISOString())?.date ?? now.toISOString().slice(0, 10);
  return `${base}-${day}.${format === 'Csv' ? 'csv' : 'xlsx'}`;
}

/**
 * Streams every row of a table the request selects (its search and sort; not its page) as a CSV or Excel file
 * to `reply`, and resolves when the file is sent or the client cancelled it. The file's expected row count goes
 * ahead in a header, so that the screen can show how far it is. `slot` is given back as soon as the last row is
 * read (or the download cancelled), before the file's end reaches the client: what is left of the handler (its
 * audit row, the commit) is a short call like any other, and the account's next export must not find it running.
 */
export async function exportTable<Col extends string, Row>(
  tx: Tx,
  reply: FastifyReply,
  spec: TableExport<Col, Row>,
  request: Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'> & { format: ExportFormat },
  now: Date,
  slot: () => void,
): Promise<ExportOutcome> {
  const { where, orderBy } = tableSelection(spec.table, spec.scope, request);
  const count = await tx.execute<{ total: number }>(sql`select count(*)::int as total from ${spec.table.from} where ${where}`);
  const total = Number(count.rows[0]?.total ?? 0);
  const read = { rows: 0 };
  const source = cursorRows(tx, spec.table, where, orderBy, read, slot);
  const body =
    request.format === 'Csv'
      ? Readable.from(csvChunks(spec.columns, source))
      : xlsxStream({ name: spec.title, headers: spec.columns.map((c) => c.header), widths: spec.columns.map(widthOf), rows: sheetRows(spec.columns, source) });
  const sent = await streamFile(
    reply,
    {
      fileName: exportFileName(spec.fileName, request.format, now),
      contentType: request.format === 'Csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      headers: { [exportRowsHeader]: String(total) },
    },
    body,
    source,
  );
  return { total, rows: read.rows, completed: sent.completed };
}

/**
 * Exports read their rows in the request's transaction for as long as the download runs, each holding one of the
 * pool's connections: an account runs one at a time, and a process at most a third of its pool at once, so that
 * the screens keep their connections while files are made.
 */
export class ExportSlots {
  private readonly running = new Set<string>();

  constructor(private readonly max: number) {}

  /** Takes the account's slot; the function returned gives it back, once, however often it is called. */
  take(customerId: string, accountId: number): () => void {
    const key = `${customerId}:${accountId}`;
    if (this.running.has(key)) throw new HttpProblem(429, feedback.exportRunning, undefined, { 'retry-after': '5' });
    if (this.running.size >= this.max) throw new HttpProblem(429, feedback.exportsBusy, undefined, { 'retry-after': '10' });
    this.running.add(key);
    let held = true;
    return () => {
      if (held) this.running.delete(key);
      held = false;
    };
  }
}
