import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type ReportImperfectionOosterwoldeInput = BodyOf<typeof calls.forms.reportImperfectionInceptionOosterwolde>;

export function reportImperfectionOosterwolde(body: ReportImperfectionOosterwoldeInput): Promise<void> {
  return callApi(calls.forms.reportImperfectionInceptionOosterwolde, { body });
}

export function useReportImperfectionOosterwolde() {
  return useMutation({ mutationFn: reportImperfectionOosterwolde });
}
