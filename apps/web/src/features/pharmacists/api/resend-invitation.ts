import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { pharmacistTableKey } from './get-pharmacist-table';

/** A new activation mail for an invited account that is not activated yet (issue 13). */
export function useResendInvitation() {
  return useCallMutation(calls.pharmacist.resendInvitation, () => [pharmacistTableKey]);
}
