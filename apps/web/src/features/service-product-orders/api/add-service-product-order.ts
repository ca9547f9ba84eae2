import { calls, type BodyOf } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { serviceProductOrderTableKey } from './get-service-product-order-table';

export type AddServiceProductOrderInput = BodyOf<typeof calls.serviceProductOrder.addServiceProductOrder>;

export function addServiceProductOrder(body: AddServiceProductOrderInput) {
  return callApi(calls.serviceProductOrder.addServiceProductOrder, { body });
}

export function useAddServiceProductOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addServiceProductOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceProductOrderTableKey }),
  });
}
