import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type ReportImperfectionAlkmaarInput = BodyOf<typeof calls.forms.reportImperfectionInceptionAlkmaar>;

export function reportImperfectionAlkmaar(body: ReportImperfectionAlkmaarInput): Promise<void> {
  return callApi(calls.forms.reportImperfectionInceptionAlkmaar, { body });
}

export function useReportImperfectionAlkmaar() {
  return useMutation({ mutationFn: reportImperfectionAlkmaar });
}
