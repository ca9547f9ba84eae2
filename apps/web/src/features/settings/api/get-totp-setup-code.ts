import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Every call makes a new pending secret, so the QR code must not be fetched again while the user is scanning
 * it: no refetch on focus or reconnect, and no retry that would silently replace it.
 */
export const getTotpSetupCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'totp-setup-code'],
    queryFn: ({ signal }) => callApi(calls.account.getTotpSetupCode, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useTotpSetupCode() {
  return useQuery(getTotpSetupCodeQueryOptions());
}
