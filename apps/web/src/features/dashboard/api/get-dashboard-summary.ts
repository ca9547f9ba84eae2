import { dashboardCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getDashboardSummaryQueryOptions = () => callQueryOptions(['dashboard', 'summary'], dashboardCalls.getSummary);

export function useDashboardSummary() {
  return useQuery(getDashboardSummaryQueryOptions());
}
