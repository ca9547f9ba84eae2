import { webhookDeliveryStatuses, webhookDeliveryStatusLabels, webhookScreenText as t, webhookText, type WebhookDeliveryFilters, type WebhookEndpointRow } from '@portal/contract';
import { useMemo } from 'react';
import { FilterForm, type FilterField } from '@/components/filters/filter-form';
import { isFilterDate, useUrlFilters } from '@/components/filters/use-url-filters';
import { dutchDays } from '@/lib/zoned-moment';

const none = { endpoint: '', status: '', from: '', until: '' };
type Texts = typeof none;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The deliveries' filters, kept in the address; the period is of whole Dutch days, both included. */
export function useDeliveryFilters() {
  const { values, change } = useUrlFilters(none, {
    endpoint: (value) => uuid.test(value),
    status: (value) => (webhookDeliveryStatuses as readonly string[]).includes(value),
    from: isFilterDate,
    until: isFilterDate,
  });
  const filters = useMemo<WebhookDeliveryFilters>(
    () => ({
      endpointId: values.endpoint || null,
      status: (values.status || null) as WebhookDeliveryFilters['status'],
      ...dutchDays(values.from, values.until),
    }),
    [values],
  );
  return { values, filters, apply: change };
}

/** A period that ends before it begins is refused before it is asked. */
const rule = (values: Texts) => ({ until: values.from && values.until && values.until < values.from ? webhookText.periodInvalid : undefined });

/** Filters on endpoint, status and period (when the delivery was made), applied together with Filteren. */
export function DeliveryFilterForm({ endpoints, applied, onApply }: { endpoints: readonly WebhookEndpointRow[]; applied: Texts; onApply: (values: Texts) => void }) {
  const fields = useMemo<readonly FilterField<Texts>[]>(
    () => [
      {
        name: 'endpoint',
        label: t.deliveryHeaders.url,
        type: 'select',
        options: [{ value: '', label: t.allEndpoints }, ...endpoints.map((e) => ({ value: e.id, label: `${e.clientName}: ${e.url}` }))],
      },
      {
        name: 'status',
        label: t.deliveryHeaders.status,
        type: 'select',
        options: [{ value: '', label: t.allStatuses }, ...webhookDeliveryStatuses.map((status) => ({ value: status, label: webhookDeliveryStatusLabels[status] }))],
      },
      { name: 'from', label: t.from, type: 'day' },
      { name: 'until', label: t.until, type: 'day' },
    ],
    [endpoints],
  );
  return (
    <FilterForm label={t.deliveriesFilter} fields={fields} applied={applied} none={none} onApply={onApply} rule={rule} columns={{ xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr auto' }} />
  );
}
