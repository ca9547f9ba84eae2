import { calls, type BodyOf } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getIsTotpEnabledQueryOptions } from './is-totp-enabled';

export type EnableTotpInput = BodyOf<typeof calls.account.enableTotp>;

export function enableTotp(body: EnableTotpInput): Promise<void> {
  return callApi(calls.account.enableTotp, { body });
}

/** Turns two-factor login on, then re-checks the status before it reports success. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    // The setup code is dropped by itself (gcTime 0) once the enable form is gone.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getIsTotpEnabledQueryOptions().queryKey }),
  });
}
