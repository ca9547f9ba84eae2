import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { pharmacistTableKey } from './get-pharmacist-table';

// The removed account's own query is left to be collected once its dialog is gone: removed from the cache while
// the dialog still shows it, it would be fetched again at the next render, and answer 404.
export const useDeletePharmacist = () =>
  useCallMutation(calls.pharmacist.deletePharmacistById, () => [pharmacistTableKey], (accountId: number) => ({ query: { Id: String(accountId) } }));
