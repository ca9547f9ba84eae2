import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getFaqItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['faq', 'items'],
    queryFn: ({ signal }) => callApi(calls.faq.getFaqItems, { signal }),
  });

export function useFaqItems() {
  return useQuery(getFaqItemsQueryOptions());
}
