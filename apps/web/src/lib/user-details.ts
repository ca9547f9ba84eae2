import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getFormPostUserDetailsQueryOptions() {
  return queryOptions({
    queryKey: ['forms', 'post-user-details'],
    queryFn: ({ signal }) => callApi(calls.forms.getFormPostUserDetails, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useFormPostUserDetails() {
  return useQuery(getFormPostUserDetailsQueryOptions());
}
