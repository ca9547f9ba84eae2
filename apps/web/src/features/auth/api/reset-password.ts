import { calls } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { NewPasswordInput } from './new-password-input';

export function resetPassword({ token, password, passwordRepeat }: NewPasswordInput): Promise<void> {
  return callApi(calls.authentication.resetPassword, {
    body: { passwordResetToken: token, password, passwordRepeat },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
