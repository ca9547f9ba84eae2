import { calls, type DrugTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type DrugTableRequest = TablePageRequest<DrugTableColumn>;

export function getDrugTable(body: DrugTableRequest, signal?: AbortSignal) {
  return callApi(calls.drug.getDrugTable, { body, signal });
}

export const getDrugTableQueryOptions = (request: DrugTableRequest) =>
  queryOptions({
    queryKey: ['products', 'table', request],
    queryFn: ({ signal }) => getDrugTable(request, signal),
  });
