import { calls, type QueryOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type DownloadInvoiceFileInput = QueryOf<typeof calls.invoice.downloadInvoiceFile>;

// Straight through the transport, not the query factory: a file for the browser to save is neither cached nor a change.
export const downloadInvoiceFile = (query: DownloadInvoiceFileInput) => callApi(calls.invoice.downloadInvoiceFile, { query });

/** Fetches an invoice file and hands it to the browser's download under its own name. */
export function useDownloadInvoiceFile() {
  return useMutation({
    mutationFn: async (query: DownloadInvoiceFileInput) => saveFile(await downloadInvoiceFile(query)),
  });
}
