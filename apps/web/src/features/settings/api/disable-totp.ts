import { calls, type BodyOf } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { getIsTotpEnabledQueryOptions } from './is-totp-enabled';

export type DisableTotpInput = BodyOf<typeof calls.account.disableTotp>;

/** Turns two-factor login off, then re-checks the status before it reports success. */
export function useDisableTotp() {
  return useCallMutation(calls.account.disableTotp, () => [getIsTotpEnabledQueryOptions().queryKey]);
}
