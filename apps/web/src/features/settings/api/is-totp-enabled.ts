import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getIsTotpEnabledQueryOptions = () =>
  callQueryOptions(['account', 'totp-enabled'], calls.account.isTotpEnabled);

export function useIsTotpEnabled() {
  return useQuery(getIsTotpEnabledQueryOptions());
}
