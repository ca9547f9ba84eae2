import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
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

/**
 * A streamed body passed through unchanged and hashed on the way (SHA-256): `digest` once all of it was read
 * (null before), `drain` reads what is left unread (a retry whose answer is known) and gives the digest.
 */
export function hashedBody(body: Readable): { stream: Readable; digest: () => Buffer | null; drain: () => Promise<Buffer> } {
  const hash = createHash('sha256');
  let digest: Buffer | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      digest = hash.digest();
      done();
    },
  });
  body.on('error', (error) => stream.destroy(error));
  body.pipe(stream);
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // Handled here: a body whose reader stops early (a refused batch) is not an unhandled rejection.
  ended.catch(() => undefined);
  return {
    stream,
    digest: () => digest,
    drain: async () => {
      stream.resume();
      await ended;
      if (!digest) throw new Error('streamed body ended without its digest');
      return digest;
    },
  };
}
