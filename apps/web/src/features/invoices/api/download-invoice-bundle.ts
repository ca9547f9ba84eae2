import { downloadInvoiceBundle, type downloadInvoiceBundleQuery, type InvoiceFileType, type InvoicePeriod } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { respond, UnexpectedResponseError } from '@/lib/api-client';
import { fileNameFromContentDisposition } from '@/lib/content-disposition';
import { saveFile } from '@/lib/save-file';

export interface InvoiceBundleRequest {
  period: InvoicePeriod;
  fileTypes: readonly InvoiceFileType[];
}

// Through the transport's unread answer, not the query factory: the ZIP is read as it arrives, for its progress.
/**
 * The invoices of a period as one ZIP (our own call, not the spec's), read as it arrives: `onProgress` hears the
 * bytes received so far; `signal` cancels. The file is named by the server's Content-Disposition.
 */
export async function fetchInvoiceBundle(
  { period, fileTypes }: InvoiceBundleRequest,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (bytesReceived: number) => void } = {},
): Promise<File> {
  const response = await respond(downloadInvoiceBundle, {
    query: { Period: period.text, FileTypes: fileTypes.join(',') },
    signal,
  });
  const type = response.headers.get('Content-Type') ?? '';
  // A server without the call may answer its web app's page instead of a 404: that is no ZIP to save.
  if (!/zip|octet-stream/i.test(type)) throw new UnexpectedResponseError('Invoice/DownloadInvoiceBundle: no ZIP in the answer');
  const name = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? `Facturen ${period.text}.zip`;
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (!reader) chunks.push(await response.arrayBuffer());
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    chunks.push(part.value);
    received += part.value.byteLength;
    onProgress?.(received);
  }
  return new File(chunks, name, { type });
}

/** The call's query as its schema reads it: the period and the file types, checked. */
export type InvoiceBundleQuery = z.output<typeof downloadInvoiceBundleQuery>;

/**
 * The ZIP as a mutation, so that its form submits it as any form does (submitWith): the file is handed to the
 * browser once it is in, and is the mutation's answer. `progress` is the bytes received while it runs; `cancel`
 * stops it, and so does leaving the screen; a download stopped answers null (nothing saved), not a failure.
 */
export function useDownloadInvoiceBundle() {
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const download = useMutation({
    mutationFn: async ({ Period, FileTypes }: InvoiceBundleQuery): Promise<File | null> => {
      const controller = new AbortController();
      running.current = controller;
      setProgress(0);
      try {
        const file = await fetchInvoiceBundle({ period: Period, fileTypes: FileTypes }, { signal: controller.signal, onProgress: setProgress });
        saveFile(file);
        return file;
      } catch (error) {
        if (controller.signal.aborted) return null;
        throw error;
      } finally {
        running.current = null;
        setProgress(null);
      }
    },
  });
  const cancel = useCallback(() => running.current?.abort(), []);
  return { download, progress, cancel };
}
