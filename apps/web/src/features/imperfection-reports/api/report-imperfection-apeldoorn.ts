import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type ReportImperfectionApeldoornInput = BodyOf<typeof calls.forms.reportImperfectionInceptionApeldoorn>;

export function reportImperfectionApeldoorn(body: ReportImperfectionApeldoornInput): Promise<void> {
  return callApi(calls.forms.reportImperfectionInceptionApeldoorn, { body });
}

export function useReportImperfectionApeldoorn() {
  return useMutation({ mutationFn: reportImperfectionApeldoorn });
}
