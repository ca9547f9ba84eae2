import { calls, type BodyOf } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { getIsTotpEnabledQueryOptions } from './is-totp-enabled';

export type EnableTotpInput = BodyOf<typeof calls.account.enableTotp>;

/**
 * Turns two-factor login on, then re-checks the status before it reports success. The setup code is dropped by
 * itself (gcTime 0) once the enable form is gone.
 */
export function useEnableTotp() {
  return useCallMutation(calls.account.enableTotp, () => [getIsTotpEnabledQueryOptions().queryKey]);
}
