import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { pharmacistKey } from './get-pharmacist-by-id';
import { pharmacistTableKey } from './get-pharmacist-table';

/** Resets a colleague's two-factor login (issue 13): off, their sessions ended; they set it up again. */
export function useResetColleagueTotp() {
  return useCallMutation(calls.pharmacist.resetColleagueTotp, (body) => [pharmacistKey(body.accountId), pharmacistTableKey]);
}
