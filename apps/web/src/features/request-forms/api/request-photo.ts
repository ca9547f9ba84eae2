import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export function useRequestPhoto() {
  return useCallMutation(calls.forms.requestPhoto);
}
