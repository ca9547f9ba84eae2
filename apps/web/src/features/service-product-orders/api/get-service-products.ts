import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getServiceProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['service-products', 'list'],
    queryFn: ({ signal }) => callApi(calls.serviceProduct.getServiceProducts, { signal }),
  });

export function useServiceProducts() {
  return useQuery(getServiceProductsQueryOptions());
}
