import { calls, type PackingOrderTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type PackingOrderTableRequest = TablePageRequest<PackingOrderTableColumn>;

export function getPackingOrderTable(body: PackingOrderTableRequest, signal?: AbortSignal) {
  return callApi(calls.packingOrder.getOrderFulfillmentsTable, { body, signal });
}

export const getPackingOrderTableQueryOptions = (request: PackingOrderTableRequest) =>
  queryOptions({
    queryKey: ['packing-orders', 'table', request],
    queryFn: ({ signal }) => getPackingOrderTable(request, signal),
  });
