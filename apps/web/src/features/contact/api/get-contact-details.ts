import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getContactDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['contact-details'],
    queryFn: ({ signal }) => callApi(calls.contactDetails.get, { signal }),
  });

export function useContactDetails() {
  return useQuery(getContactDetailsQueryOptions());
}
