import { calls, type BodyOf } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getIsTotpEnabledQueryOptions } from './is-totp-enabled';

export type DisableTotpInput = BodyOf<typeof calls.account.disableTotp>;

export function disableTotp(body: DisableTotpInput): Promise<void> {
  return callApi(calls.account.disableTotp, { body });
}

/** Turns two-factor login off, then re-checks the status before it reports success. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getIsTotpEnabledQueryOptions().queryKey }),
  });
}
