import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getServiceProductsQueryOptions = () =>
  callQueryOptions(['service-products', 'list'], calls.serviceProduct.getServiceProducts);

export function useServiceProducts() {
  return useQuery(getServiceProductsQueryOptions());
}
