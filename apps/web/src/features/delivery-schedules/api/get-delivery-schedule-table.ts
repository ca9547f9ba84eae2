import { calls, type DeliveryScheduleTableColumn } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi } from '@/lib/api-client';

export type DeliveryScheduleTableRequest = TablePageRequest<DeliveryScheduleTableColumn>;

export function getDeliveryScheduleTable(body: DeliveryScheduleTableRequest, signal?: AbortSignal) {
  return callApi(calls.deliverySchedule.getOrderFulfillmentSchedulesTable, { body, signal });
}

export const getDeliveryScheduleTableQueryOptions = (request: DeliveryScheduleTableRequest) =>
  queryOptions({
    queryKey: ['delivery-schedules', 'table', request],
    queryFn: ({ signal }) => getDeliveryScheduleTable(request, signal),
  });
