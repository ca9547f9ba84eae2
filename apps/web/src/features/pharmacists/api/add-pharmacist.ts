import { calls, type BodyOf } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pharmacistTableKey } from './get-pharmacist-table';

export type AddPharmacistInput = BodyOf<typeof calls.pharmacist.addPharmacist>;

export function addPharmacist(body: AddPharmacistInput): Promise<void> {
  return callApi(calls.pharmacist.addPharmacist, { body });
}

export function useAddPharmacist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPharmacist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmacistTableKey }),
  });
}
