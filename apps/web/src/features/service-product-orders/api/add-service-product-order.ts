import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import { serviceProductOrderTableKey } from './get-service-product-order-table';

export function useAddServiceProductOrder() {
  return useCallMutation(calls.serviceProductOrder.addServiceProductOrder, () => [serviceProductOrderTableKey]);
}
