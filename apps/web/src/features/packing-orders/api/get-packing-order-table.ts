import { calls } from '@portal/contract';
import { tableQueryOptions } from '@/lib/call-query';

export const getPackingOrderTableQueryOptions = tableQueryOptions(
  ['packing-orders', 'table'],
  calls.packingOrder.getOrderFulfillmentsTable,
);
