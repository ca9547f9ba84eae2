import { calls, type PharmacistTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type PharmacistTableRequest = TablePageRequest<PharmacistTableColumn>;

/** Every cached page of the staff list: adding, changing or removing an account changes them all. */
export const pharmacistTableKey = ['pharmacists', 'table'] as const;

export const getPharmacistTableQueryOptions = (request: PharmacistTableRequest) =>
  queryOptions({
    queryKey: [...pharmacistTableKey, request],
    queryFn: ({ signal }) => callApi(calls.pharmacist.getPharmacistTable, { body: request, signal }),
  });
