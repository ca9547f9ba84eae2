import type { StreamedBody } from '@portal/contract';
import { HttpProblem } from './problems.js';

/** How the rows of a streamed body are written: one JSON document per line, or one JSON array. */
export type RowsFormat = 'ndjson' | 'json';

/** The rows format of a Content-Type header; null for any other media type. */
export function rowsFormatOf(contentType: string | undefined): RowsFormat | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-ndjson' || type === 'application/jsonl') return 'ndjson';
  if (type === 'application/json') return 'json';
  return null;
}

/**
 * Refuses with 415, before the body is read, a body of rows in a media type they cannot come in. Raw bytes are
 * known by their content, not by the header (an invoice's file is a PDF by its bytes), so any type is taken.
 */
export function refuseUnstreamable(stream: StreamedBody, contentType: string | undefined): void {
  if ('rows' in stream && rowsFormatOf(contentType) === null) {
    throw new HttpProblem(415, 'Stuur de rijen als application/json (een array) of application/x-ndjson (een rij per regel)');
  }
}
