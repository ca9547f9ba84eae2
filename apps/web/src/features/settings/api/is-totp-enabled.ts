import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getIsTotpEnabledQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'totp-enabled'],
    queryFn: ({ signal }) => callApi(calls.account.isTotpEnabled, { signal }),
  });

export function useIsTotpEnabled() {
  return useQuery(getIsTotpEnabledQueryOptions());
}
