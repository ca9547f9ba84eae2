import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getContactDetailsQueryOptions = () => callQueryOptions(['contact-details'], calls.contactDetails.get);

export function useContactDetails() {
  return useQuery(getContactDetailsQueryOptions());
}
