import { exportRowsHeader, type CallDefinition, type ExportFormat } from '@portal/contract';
import { respond } from './api-client';
import { fileNameFromContentDisposition } from './content-disposition';

export interface ExportProgress {
  /** the rows the file will hold, as the server counted them; null when it did not say */
  total: number | null;
  /** rows received so far (CSV, counted by its line ends); null where the bytes do not tell (Excel is zipped) */
  rows: number | null;
  bytes: number;
}

const LINE_FEED = 10;

function lineEnds(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === LINE_FEED) count += 1;
  return count;
}

/**
 * Downloads a table's export as it arrives, telling `onProgress` how far it is, and answers the whole file.
 * An abort of `signal` stops the download (and the server's export with it).
 */
export async function downloadExport(
  call: CallDefinition,
  /** the format, and the table's search and sort or the screen's filters */
  body: { format: ExportFormat } & Record<string, unknown>,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ file: File; rows: number | null }> {
  const response = await respond(call, { body, signal: options.signal });
  const announced = Number(response.headers.get(exportRowsHeader) ?? Number.NaN);
  const total = Number.isFinite(announced) && announced >= 0 ? announced : null;
  const name = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? `export.${body.format === 'Csv' ? 'csv' : 'xlsx'}`;
  const type = response.headers.get('Content-Type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  // The header line is not a row; a line break inside a quoted text counts one too many, hence the cap.
  let lines = -1;
  const csv = body.format === 'Csv';
  const progress = (): ExportProgress => ({
    total,
    rows: csv ? Math.max(0, total === null ? lines : Math.min(lines, total)) : null,
    bytes,
  });
  options.onProgress?.(progress());
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      if (csv) lines += lineEnds(value);
      options.onProgress?.(progress());
    }
  }
  // A download stopped at its last chunk is still stopped.
  options.signal?.throwIfAborted();
  return { file: new File(chunks, name, { type }), rows: total };
}
