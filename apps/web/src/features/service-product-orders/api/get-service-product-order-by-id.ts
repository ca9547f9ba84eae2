import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getServiceProductOrderByIdQueryOptions = (serviceProductOrderId: number) =>
  queryOptions({
    queryKey: ['service-product-orders', 'detail', serviceProductOrderId],
    queryFn: ({ signal }) =>
      callApi(calls.serviceProductOrder.getServiceProductOrderById, {
        query: { ServiceProductOrderId: String(serviceProductOrderId) },
        signal,
      }),
  });

export function useServiceProductOrder(serviceProductOrderId: number | null) {
  return useQuery({
    ...getServiceProductOrderByIdQueryOptions(serviceProductOrderId ?? 0),
    enabled: serviceProductOrderId !== null,
  });
}
