import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getDropdownDataApeldoornQueryOptions = () =>
  callQueryOptions(['imperfection-reports', 'dropdown-data', 'Apeldoorn'], calls.forms.getDropdownDataApeldoorn);

export function useDropdownDataApeldoorn() {
  return useQuery(getDropdownDataApeldoornQueryOptions());
}
