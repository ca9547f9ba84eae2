import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { pharmacistKey } from './get-pharmacist-by-id';
import { pharmacistTableKey } from './get-pharmacist-table';

export function useUpdatePharmacist() {
  return useCallMutation(calls.pharmacist.updatePharmacist, (body) => [pharmacistTableKey, pharmacistKey(body.accountId)]);
}
