import { calls, specOosterwoldeCatalogue } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callMissing } from '@/lib/api-client';


export const getImperfectionCatalogueOosterwoldeQueryOptions = () =>
  queryOptions({
    queryKey: ['imperfection-reports', 'catalogue', 'Oosterwolde'],
    queryFn: async ({ signal }) => {
      try {
        return await callApi(calls.forms.getImperfectionCatalogueOosterwolde, { signal });
      } catch (error) {
        if (callMissing(error)) return specOosterwoldeCatalogue;
        throw error;
      }
    },
  });

export function useImperfectionCatalogueOosterwolde() {
  return useQuery(getImperfectionCatalogueOosterwoldeQueryOptions());
}
