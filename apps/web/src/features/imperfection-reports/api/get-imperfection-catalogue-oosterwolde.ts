import { calls, specOosterwoldeCatalogue } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

/** A server of the spec alone has no catalogue call: the spec's own catalogue is shown then. */
export const getImperfectionCatalogueOosterwoldeQueryOptions = () =>
  callQueryOptions(['imperfection-reports', 'catalogue', 'Oosterwolde'], calls.forms.getImperfectionCatalogueOosterwolde, {}, { whenMissing: specOosterwoldeCatalogue });

export function useImperfectionCatalogueOosterwolde() {
  return useQuery(getImperfectionCatalogueOosterwoldeQueryOptions());
}
