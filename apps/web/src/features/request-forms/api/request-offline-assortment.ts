import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type RequestOfflineAssortmentInput = BodyOf<typeof calls.forms.requestOfflineAssortment>;

export function requestOfflineAssortment(body: RequestOfflineAssortmentInput): Promise<void> {
  return callApi(calls.forms.requestOfflineAssortment, { body });
}

export function useRequestOfflineAssortment() {
  return useMutation({ mutationFn: requestOfflineAssortment });
}
