import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export function useRollRequest() {
  return useCallMutation(calls.forms.requestImmediateProduct);
}
