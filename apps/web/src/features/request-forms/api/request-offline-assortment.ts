import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export function useRequestOfflineAssortment() {
  return useCallMutation(calls.forms.requestOfflineAssortment);
}
