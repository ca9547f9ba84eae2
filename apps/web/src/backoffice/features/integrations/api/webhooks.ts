import { backofficeWebhookCalls as calls, type WebhookDeliveryFilters, type WebhookEndpointRow } from '@portal/contract';
import type { TablePageRequest } from '@/components/data-table/types';
import { staffQueryOptions, useStaffMutation } from '../../../lib/staff-api';

/** Failing: attempts have failed without a success since; an endpoint switched off for it stays failing until it delivers. */
export const isFailing = (endpoint: Pick<WebhookEndpointRow, 'failingSince'>) => endpoint.failingSince !== null;
/** What a Beheerder should look at: failing, or switched off (by hand or for failing). */
export const needsAttention = (endpoint: Pick<WebhookEndpointRow, 'enabled' | 'failingSince'>) => isFailing(endpoint) || !endpoint.enabled;

const endpointsKey = ['webhook-endpoints'] as const;
const deliveriesKey = ['webhook-deliveries'] as const;

export const webhookEndpointsQueryOptions = staffQueryOptions([...endpointsKey], calls.listEndpoints, { body: {} });
export const attemptsQueryOptions = (deliveryId: number) => staffQueryOptions([...deliveriesKey, 'attempts', deliveryId], calls.listAttempts, { body: { deliveryId } });

/** The deliveries' column: they come newest first, the one order the call has. */
export type DeliveryColumn = 'createdAt';
export const deliveryTableDefaults = { sortBy: 'createdAt', descending: true, rowsPerPage: 20 } as const;

/**
 * The page factory of the deliveries' table. The call takes its page and filters only (it has no sort or search),
 * so a page is asked with those and nothing else of the table's request.
 */
export const deliveryTableQuery =
  (filters: WebhookDeliveryFilters) =>
  ({ page, rowsPerPage }: TablePageRequest<DeliveryColumn>) =>
    staffQueryOptions([...deliveriesKey, 'table', filters, page, rowsPerPage], calls.listDeliveries, { body: { ...filters, page, rowsPerPage } });

// Every change to an endpoint changes its health and what its deliveries show; a replay changes both as well.
const both = () => [endpointsKey, deliveriesKey];
export const useCreateEndpoint = () => useStaffMutation(calls.createEndpoint, both);
export const useSetEndpointEnabled = () => useStaffMutation(calls.setEndpointEnabled, both);
export const useRotateSecret = () => useStaffMutation(calls.rotateSecret, () => [endpointsKey]);
export const useRemoveEndpoint = () => useStaffMutation(calls.removeEndpoint, both);
export const useReplayDelivery = () => useStaffMutation(calls.replayDelivery, both);
export const useReplayPeriod = () => useStaffMutation(calls.replayPeriod, both);
