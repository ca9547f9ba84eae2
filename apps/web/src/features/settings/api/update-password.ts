import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type UpdatePasswordInput = BodyOf<typeof calls.account.updatePassword>;

export function updatePassword(body: UpdatePasswordInput): Promise<void> {
  return callApi(calls.account.updatePassword, { body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
