import { calls, type QueryOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type DownloadInvoiceFileInput = QueryOf<typeof calls.invoice.downloadInvoiceFile>;

/** The file, named by the server's Content-Disposition. */
export function downloadInvoiceFile(query: DownloadInvoiceFileInput): Promise<File> {
  return callApi(calls.invoice.downloadInvoiceFile, { query });
}

/** Fetches an invoice file and hands it to the browser's download under its own name. */
export function useDownloadInvoiceFile() {
  return useMutation({
    mutationFn: async (query: DownloadInvoiceFileInput) => saveFile(await downloadInvoiceFile(query)),
  });
}
