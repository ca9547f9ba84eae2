import { calls, type BodyOf } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';

export type AskNonFaqQuestionInput = BodyOf<typeof calls.forms.askNonFaqQuestion>;

export function useAskNonFaqQuestion() {
  return useCallMutation(calls.forms.askNonFaqQuestion);
}
