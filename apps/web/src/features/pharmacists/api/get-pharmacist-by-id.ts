import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const pharmacistKey = (accountId: number) => ['pharmacists', 'detail', accountId] as const;

// staleTime 0: the dialog edits what the server has now, not what a list fetched a while ago.
export const getPharmacistByIdQueryOptions = (accountId: number) => ({
  ...callQueryOptions(pharmacistKey(accountId), calls.pharmacist.getPharmacistById, { query: { AccountId: String(accountId) } }),
  staleTime: 0,
});

export function usePharmacist(accountId: number) {
  return useQuery(getPharmacistByIdQueryOptions(accountId));
}
