import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getActiveMemosQueryOptions = () =>
  queryOptions({
    queryKey: ['memos', 'active'],
    queryFn: ({ signal }) => callApi(calls.memo.getActiveMemos, { signal }),
  });

export function useActiveMemos() {
  return useQuery(getActiveMemosQueryOptions());
}
