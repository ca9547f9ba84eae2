import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getServiceProductOrderByIdQueryOptions = (id: number) =>
  callQueryOptions(['service-product-orders', 'detail', id], calls.serviceProductOrder.getServiceProductOrderById, { query: { ServiceProductOrderId: String(id) } });

export function useServiceProductOrder(serviceProductOrderId: number | null) {
  return useQuery({
    ...getServiceProductOrderByIdQueryOptions(serviceProductOrderId ?? 0),
    enabled: serviceProductOrderId !== null,
  });
}
