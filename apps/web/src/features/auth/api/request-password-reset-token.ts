import { calls, type BodyOf } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export type RequestPasswordResetTokenInput = BodyOf<typeof calls.authentication.requestPasswordResetToken>;

export function useRequestPasswordResetToken() {
  return useCallMutation(calls.authentication.requestPasswordResetToken);
}
