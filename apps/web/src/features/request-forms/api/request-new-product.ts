import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type RequestNewProductInput = BodyOf<typeof calls.forms.requestNewProduct>;

export function requestNewProduct(body: RequestNewProductInput): Promise<void> {
  return callApi(calls.forms.requestNewProduct, { body });
}

export function useRequestNewProduct() {
  return useMutation({ mutationFn: requestNewProduct });
}
