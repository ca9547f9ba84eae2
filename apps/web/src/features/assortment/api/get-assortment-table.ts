import { calls, type AssortmentTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type AssortmentTableRequest = TablePageRequest<AssortmentTableColumn>;

export function getAssortmentTable(body: AssortmentTableRequest, signal?: AbortSignal) {
  return callApi(calls.assortment.getDrugTable, { body, signal });
}

export const getAssortmentTableQueryOptions = (request: AssortmentTableRequest) =>
  queryOptions({
    queryKey: ['assortment', 'table', request],
    queryFn: ({ signal }) => getAssortmentTable(request, signal),
  });
