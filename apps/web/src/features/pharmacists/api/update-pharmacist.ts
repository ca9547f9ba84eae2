import { calls, type BodyOf } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pharmacistKey } from './get-pharmacist-by-id';
import { pharmacistTableKey } from './get-pharmacist-table';

export type UpdatePharmacistInput = BodyOf<typeof calls.pharmacist.updatePharmacist>;

export function updatePharmacist(body: UpdatePharmacistInput): Promise<void> {
  return callApi(calls.pharmacist.updatePharmacist, { body });
}

export function useUpdatePharmacist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePharmacist,
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pharmacistTableKey }),
        queryClient.invalidateQueries({ queryKey: pharmacistKey(body.accountId) }),
      ]),
  });
}
