import { calls } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { NewPasswordInput } from './new-password-input';

export function activateAccount({ token, password, passwordRepeat }: NewPasswordInput): Promise<void> {
  return callApi(calls.authentication.activateAccount, {
    body: { activationToken: token, password, passwordRepeat },
  });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
