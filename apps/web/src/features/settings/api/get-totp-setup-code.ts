import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

/**
 * Every call makes a new pending secret, so the QR code must not be fetched again while the user is scanning
 * it: no refetch on focus or reconnect, and no retry that would silently replace it.
 */
export const getTotpSetupCodeQueryOptions = () => ({
  ...callQueryOptions(['account', 'totp-setup-code'], calls.account.getTotpSetupCode),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function useTotpSetupCode() {
  return useQuery(getTotpSetupCodeQueryOptions());
}
