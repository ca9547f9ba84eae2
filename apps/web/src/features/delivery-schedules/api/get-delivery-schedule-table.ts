import { calls } from '@portal/contract';
import { tableQueryOptions } from '@/lib/call-query';

export const getDeliveryScheduleTableQueryOptions = tableQueryOptions(
  ['delivery-schedules', 'table'],
  calls.deliverySchedule.getOrderFulfillmentSchedulesTable,
);
