import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type RequestPasswordResetTokenInput = BodyOf<typeof calls.authentication.requestPasswordResetToken>;

export function requestPasswordResetToken(body: RequestPasswordResetTokenInput): Promise<void> {
  return callApi(calls.authentication.requestPasswordResetToken, { body });
}

export function useRequestPasswordResetToken() {
  return useMutation({ mutationFn: requestPasswordResetToken });
}
