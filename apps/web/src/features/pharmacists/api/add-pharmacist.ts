import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { pharmacistTableKey } from './get-pharmacist-table';

export function useAddPharmacist() {
  return useCallMutation(calls.pharmacist.addPharmacist, () => [pharmacistTableKey]);
}
