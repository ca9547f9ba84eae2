import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BatchRecord } from './batch-body.js';
import { BatchBodyError } from './batch-body-error.js';
import { decodedText, TextDecoding } from './text-decoding.js';
import { cellValue, mapHeaders, type FileColumn, type FileLayout } from './file-columns.js';

/** A row of a flat file: its line in the file and its cells in column order. */
interface FlatRow {
  line: number;
  cells: string[];
}

/**
 * The records of a CSV file (RFC 4180: quoted fields may hold separators, quotes and line breaks), read as it
 * streams. The separator is the first line's: a semicolon (as Dutch Excel writes) or a comma.
 */
export async function* csvRows(input: Readable, decoding = new TextDecoding()): AsyncGenerator<FlatRow> {
  let separator: string | null = null;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  let first = true;
  for await (const chunk of decodedText(input as AsyncIterable<Buffer>, decoding)) {
    let text = chunk;
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      const firstLine = text.split('\n', 1)[0] ?? '';
      separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
      first = false;
    }
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (c === '\n') line += 1;
          cell += c;
        }
        continue;
      }
      if (c === '"') {
        // "" inside a quoted field is one quote
        if (afterQuote) cell += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (c === separator) {
        cells.push(cell);
        cell = '';
      } else if (c === '\n') {
        cells.push(cell.endsWith('\r') ? cell.slice(0, -1) : cell);
        yield { line: rowLine, cells };
        cells = [];
        cell = '';
        line += 1;
        rowLine = line;
      } else cell += c;
    }
  }
  if (quoted) throw new BatchBodyError(`Regel ${rowLine}: een veld tussen aanhalingstekens wordt niet afgesloten`);
  if (cell !== '' || cells.length > 0) yield { line: rowLine, cells: [...cells, cell] };
}

/** The rows of the first worksheet of an XLSX file, read as a stream (a sheet of 100,000 rows stays flat). */
export async function* xlsxRows(input: Readable): AsyncGenerator<FlatRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit' });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { line: row.number, cells: values.map(cellText) };
    }
    return;
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return String(v.text as string);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value as string | number | boolean);
}

function fill(target: Record<string, unknown>, columns: (FileColumn | null)[], cells: string[], own: Set<FileColumn>) {
  let any = false;
  columns.forEach((column, i) => {
    const text = cells[i] ?? '';
    if (!column || !own.has(column) || text.trim() === '') return;
    target[column.field] = cellValue(text, column.type);
    any = true;
  });
  return any;
}

/**
 * A flat file's rows as the API's records: the first row names the columns, each other row is a record, and
 * consecutive rows of one parent (same customer and key) gather their nested elements into one record.
 */
export async function* flatRecords(rows: AsyncIterable<FlatRow>, layout: FileLayout): AsyncGenerator<BatchRecord> {
  let columns: (FileColumn | null)[] | null = null;
  const parentColumns = new Set(layout.columns);
  const nestedColumns = new Set(layout.nested?.columns ?? []);
  let pending: { line: number; value: Record<string, unknown>; id: string } | null = null;
  for await (const row of rows) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      const mapped = mapHeaders(layout, row.cells);
      if (mapped.unknown.length) throw new BatchBodyError(`Onbekende kolom(men): ${mapped.unknown.join(', ')}`, 'unknown_field', mapped.unknown[0] ?? null);
      columns = mapped.fields;
      continue;
    }
    const value: Record<string, unknown> = {};
    fill(value, columns, row.cells, parentColumns);
    const element: Record<string, unknown> = {};
    const hasElement = layout.nested ? fill(element, columns, row.cells, nestedColumns) : false;
    const id = `${String(value.customer)}\u0000${String(value.key)}`;
    if (layout.nested && pending && pending.id === id && value.key !== undefined) {
      if (hasElement) (pending.value[layout.nested.field] as unknown[]).push(element);
      continue;
    }
    if (pending) yield { line: pending.line, value: pending.value };
    if (layout.nested) value[layout.nested.field] = hasElement ? [element] : [];
    pending = { line: row.line, value, id };
  }
  if (!columns) throw new BatchBodyError('Het bestand heeft geen kopregel');
  if (pending) yield { line: pending.line, value: pending.value };
}
