import { calls, specOosterwoldeCatalogue } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError, callApi } from '@/lib/api-client';

/** A server of the spec's API alone has no catalogue call (it is ours): the spec's own catalogue is used then. */
const callMissing = (error: unknown) =>
  (error instanceof ApiError && [404, 405, 501].includes(error.status)) || error instanceof UnexpectedResponseError;

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
