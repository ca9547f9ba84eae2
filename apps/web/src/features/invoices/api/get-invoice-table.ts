import { calls, type InvoiceTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type InvoiceTableRequest = TablePageRequest<InvoiceTableColumn>;

export function getInvoiceTable(body: InvoiceTableRequest, signal?: AbortSignal) {
  return callApi(calls.invoice.getInvoiceTable, { body, signal });
}

export const getInvoiceTableQueryOptions = (request: InvoiceTableRequest) =>
  queryOptions({
    queryKey: ['invoices', 'table', request],
    queryFn: ({ signal }) => getInvoiceTable(request, signal),
  });
