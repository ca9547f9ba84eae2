import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const getImperfectionCatalogueOosterwoldeQueryOptions = () =>
  queryOptions({
    queryKey: ['imperfection-reports', 'catalogue', 'Oosterwolde'],
    queryFn: ({ signal }) => callApi(calls.forms.getImperfectionCatalogueOosterwolde, { signal }),
  });

export function useImperfectionCatalogueOosterwolde() {
  return useQuery(getImperfectionCatalogueOosterwoldeQueryOptions());
}
