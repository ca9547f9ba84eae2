import { calls, type BodyOf } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export type UpdatePasswordInput = BodyOf<typeof calls.account.updatePassword>;

export function useUpdatePassword() {
  return useCallMutation(calls.account.updatePassword);
}
