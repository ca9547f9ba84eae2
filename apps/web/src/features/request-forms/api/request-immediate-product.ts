import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type RequestImmediateProductInput = BodyOf<typeof calls.forms.requestImmediateProduct>;

export function requestImmediateProduct(body: RequestImmediateProductInput): Promise<void> {
  return callApi(calls.forms.requestImmediateProduct, { body });
}

export function useRequestImmediateProduct() {
  return useMutation({ mutationFn: requestImmediateProduct });
}
