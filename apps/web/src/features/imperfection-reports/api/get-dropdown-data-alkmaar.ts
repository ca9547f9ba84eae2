import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getDropdownDataAlkmaarQueryOptions = () =>
  queryOptions({
    queryKey: ['imperfection-reports', 'dropdown-data', 'Alkmaar'],
    queryFn: ({ signal }) => callApi(calls.forms.getDropdownDataAlkmaar, { signal }),
  });

export function useDropdownDataAlkmaar() {
  return useQuery(getDropdownDataAlkmaarQueryOptions());
}
