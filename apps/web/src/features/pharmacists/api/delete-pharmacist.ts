import { calls } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pharmacistKey } from './get-pharmacist-by-id';
import { pharmacistTableKey } from './get-pharmacist-table';

export function deletePharmacist(accountId: number): Promise<void> {
  return callApi(calls.pharmacist.deletePharmacistById, { query: { Id: String(accountId) } });
}

export function useDeletePharmacist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePharmacist,
    onSuccess: (_, accountId) => {
      queryClient.removeQueries({ queryKey: pharmacistKey(accountId) });
      return queryClient.invalidateQueries({ queryKey: pharmacistTableKey });
    },
  });
}
