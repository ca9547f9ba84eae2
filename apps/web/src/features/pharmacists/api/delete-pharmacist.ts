import { calls } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pharmacistTableKey } from './get-pharmacist-table';

export function deletePharmacist(accountId: number): Promise<void> {
  return callApi(calls.pharmacist.deletePharmacistById, { query: { Id: String(accountId) } });
}

export function useDeletePharmacist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePharmacist,
    // The removed account's own query is left to be collected once its dialog is gone: removed from the cache
    // while the dialog still shows it, it would be fetched again at the next render, and answer 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmacistTableKey }),
  });
}
