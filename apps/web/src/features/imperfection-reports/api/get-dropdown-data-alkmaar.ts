import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getDropdownDataAlkmaarQueryOptions = () =>
  callQueryOptions(['imperfection-reports', 'dropdown-data', 'Alkmaar'], calls.forms.getDropdownDataAlkmaar);

export function useDropdownDataAlkmaar() {
  return useQuery(getDropdownDataAlkmaarQueryOptions());
}
