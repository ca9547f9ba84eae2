import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export function useRequestImmediateProduct() {
  return useCallMutation(calls.forms.requestImmediateProduct);
}
