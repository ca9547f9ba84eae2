import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type AskNonFaqQuestionInput = BodyOf<typeof calls.forms.askNonFaqQuestion>;

export function askNonFaqQuestion(body: AskNonFaqQuestionInput): Promise<void> {
  return callApi(calls.forms.askNonFaqQuestion, { body });
}

export function useAskNonFaqQuestion() {
  return useMutation({ mutationFn: askNonFaqQuestion });
}
