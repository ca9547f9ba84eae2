import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const pharmacistKey = (accountId: number) => ['pharmacists', 'detail', accountId] as const;

export const getPharmacistByIdQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: pharmacistKey(accountId),
    queryFn: ({ signal }) => callApi(calls.pharmacist.getPharmacistById, { query: { AccountId: String(accountId) }, signal }),
    // The dialog edits what the server has now, not what a list fetched a while ago.
    staleTime: 0,
  });

export function usePharmacist(accountId: number) {
  return useQuery(getPharmacistByIdQueryOptions(accountId));
}
