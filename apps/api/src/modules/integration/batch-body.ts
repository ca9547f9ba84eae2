import type { Readable } from 'node:stream';
import type { ImportErrorCode } from '@portal/contract';
import { BatchBodyError } from './batch-body-error.js';
import { decodedText, TextDecoding } from './text-decoding.js';

/** One row of a batch as it arrived: parsed, or why it could not be. */
export type BatchRecord = { line: number; value: unknown } | { line: number; error: string; code: ImportErrorCode };

/** The longest single row accepted: a row is a record, not a file. */
export const MAX_ROW_CHARS = 1024 * 1024;


const notJson = 'Geen geldige JSON';
const tooLong = `Rij langer dan ${MAX_ROW_CHARS} tekens`;

function parseRecord(line: number, text: string): BatchRecord {
  try {
    return { line, value: JSON.parse(text) as unknown };
  } catch {
    return { line, error: notJson, code: 'invalid_json' };
  }
}

/**
 * The rows of an NDJSON body, one per line, as they stream in: a body of a million rows is never held whole.
 * Empty lines are skipped but counted, so a row's line number is its line in the sender's file.
 */
export async function* ndjsonRecords(body: Readable, decoding = new TextDecoding()): AsyncGenerator<BatchRecord> {
  let pending = '';
  let line = 0;
  let overlong = false;
  for await (const chunk of decodedText(body as AsyncIterable<Buffer>, decoding)) {
    let start = 0;
    let end = chunk.indexOf('\n');
    while (end !== -1) {
      line += 1;
      const text = pending + chunk.slice(start, end);
      pending = '';
      if (overlong) {
        overlong = false;
        yield { line, error: tooLong, code: 'too_long' };
      } else if (text.trim() !== '') {
        yield parseRecord(line, text);
      }
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    if (!overlong) pending += chunk.slice(start);
    if (pending.length > MAX_ROW_CHARS) {
      overlong = true;
      pending = '';
    }
  }
  if (overlong) yield { line: line + 1, error: tooLong, code: 'too_long' };
  else if (pending.trim() !== '') yield parseRecord(line + 1, pending);
}

/**
 * The elements of a JSON array body as they stream in, each parsed on its own when its closing brace arrives.
 * A row's "line" is its position in the array, from 1. A body that is not an array is refused as a whole.
 */
export async function* jsonArrayRecords(body: Readable, decoding = new TextDecoding()): AsyncGenerator<BatchRecord> {
  let opened = false;
  let closed = false;
  let position = 0;
  let element = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const finishElement = (): BatchRecord | null => {
    const text = element.trim();
    element = '';
    if (text === '') return null;
    position += 1;
    return text.length > MAX_ROW_CHARS ? { line: position, error: tooLong, code: 'too_long' } : parseRecord(position, text);
  };
  for await (const chunk of decodedText(body as AsyncIterable<Buffer>, decoding)) {
    let segmentStart = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk.charCodeAt(i);
      if (!opened) {
        if (c === 0x5b /* [ */) {
          opened = true;
          segmentStart = i + 1;
        } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xfeff) {
          throw new BatchBodyError('De body is geen JSON-array en geen NDJSON');
        }
        continue;
      }
      if (closed) {
        if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) throw new BatchBodyError('Tekst na het einde van de JSON-array');
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c /* \ */) escaped = true;
        else if (c === 0x22 /* " */) inString = false;
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth += 1;
      else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
        if (depth === 0 && c === 0x5d) {
          element += chunk.slice(segmentStart, i);
          const record = finishElement();
          if (record) yield record;
          closed = true;
          continue;
        }
        depth -= 1;
      } else if (c === 0x2c /* , */ && depth === 0) {
        element += chunk.slice(segmentStart, i);
        segmentStart = i + 1;
        const record = finishElement();
        if (record) yield record;
      }
    }
    if (opened && !closed) {
      element += chunk.slice(segmentStart);
      if (element.length > MAX_ROW_CHARS * 2) throw new BatchBodyError(tooLong, 'too_long');
    }
  }
  if (!opened || !closed) throw new BatchBodyError('De JSON-array is niet afgesloten');
}
