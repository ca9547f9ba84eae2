import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getDropdownDataApeldoornQueryOptions = () =>
  queryOptions({
    queryKey: ['imperfection-reports', 'dropdown-data', 'Apeldoorn'],
    queryFn: ({ signal }) => callApi(calls.forms.getDropdownDataApeldoorn, { signal }),
  });

export function useDropdownDataApeldoorn() {
  return useQuery(getDropdownDataApeldoornQueryOptions());
}
