import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export function useRequestNewProduct() {
  return useCallMutation(calls.forms.requestNewProduct);
}
