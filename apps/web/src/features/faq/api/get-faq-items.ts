import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getFaqItemsQueryOptions = () => callQueryOptions(['faq', 'items'], calls.faq.getFaqItems);

export function useFaqItems() {
  return useQuery(getFaqItemsQueryOptions());
}
