import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type ReportImperfectionInput = BodyOf<typeof calls.forms.reportImperfection>;

export function reportImperfection(body: ReportImperfectionInput): Promise<void> {
  return callApi(calls.forms.reportImperfection, { body });
}

export function useReportImperfection() {
  return useMutation({ mutationFn: reportImperfection });
}
