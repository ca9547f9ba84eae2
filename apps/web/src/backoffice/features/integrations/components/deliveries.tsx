import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { webhookScreenText as t, type WebhookDeliveryRow, type WebhookEndpointRow } from '@portal/contract';
import { useMemo, useState, type ComponentProps } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { LazyPart, type ComponentModule } from '@/components/lazy-component';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatDateTime, formatInteger } from '@/lib/format';
import { deliveryTableDefaults, deliveryTableQuery, useReplayDelivery, type DeliveryColumn } from '../api/webhooks';
import type { AttemptsDialog } from './attempts-dialog';
import { deliveryFailing, DeliveryStatusChip, eventTypeLabel, outcomeLabel } from './delivery-labels';
import { DeliveryFilterForm, type useDeliveryFilters } from './delivery-filter-form';
import { webhookRefusal } from './webhook-refusal';

const h = t.deliveryHeaders;


// A delivery's attempts come as their dialog opens (decision 0100).
const loadAttempts: ComponentModule<ComponentProps<typeof AttemptsDialog>> = () => import('./attempts-dialog').then((m) => ({ default: m.AttemptsDialog }));

/** Sends one delivery again; the outcome is the screen's to say. */
function ReplayButton({ delivery, onDone }: { delivery: WebhookDeliveryRow; onDone: (message: string, ok: boolean) => void }) {
  const replay = useReplayDelivery();
  return (
    <Button
      size="small"
      variant="outlined"
      loading={replay.isPending}
      aria-label={`${t.replay}: ${eventTypeLabel(delivery.eventType)} ${delivery.eventId}`}
      onClick={() => replay.mutate({ deliveryId: delivery.id }, { onSuccess: () => onDone(t.replayed, true), onError: (error) => onDone(webhookRefusal(error), false) })}
    >
      {t.replay}
    </Button>
  );
}

function columns(open: (d: WebhookDeliveryRow) => void, onDone: (message: string, ok: boolean) => void, oneEndpoint: boolean): DataTableColumn<WebhookDeliveryRow, DeliveryColumn>[] {
  return [
    { value: true, id: 'createdAt', header: h.createdAt, noWrap: true, render: (d) => formatDateTime(d.createdAt, { seconds: true }) },
    // Filtered on one endpoint, every row has its address: the room goes to the other columns.
    ...(oneEndpoint ? [] : [{ value: true, id: 'url', header: h.url, width: '14rem', render: (d: WebhookDeliveryRow) => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{d.url}</Box> }]),
    {
      value: true,
      id: 'eventType',
      header: h.eventType,
      render: (d) => (
        <>
          {eventTypeLabel(d.eventType)}
          {d.replay && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              ({t.replayMark})
            </Typography>
          )}
        </>
      ),
    },
    { value: true, id: 'eventId', header: h.eventId, render: (d) => <Box component="code" sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere' }}>{d.eventId}</Box> },
    { value: true, id: 'status', header: h.status, noWrap: true, render: (d) => <DeliveryStatusChip delivery={d} /> },
    { value: true, id: 'attempts', header: h.attempts, align: 'right', noWrap: true, render: (d) => formatInteger(d.attempts) },
    {
      value: true,
      id: 'lastAttempt',
      header: h.lastAttempt,
      render: (d) =>
        d.lastAttemptAt === null ? (
          '—'
        ) : (
          <>
            <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {formatDateTime(d.lastAttemptAt, { seconds: true })}
            </Box>
            <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', color: deliveryFailing(d) ? 'error.main' : undefined }}>
              {outcomeLabel(d.lastStatusCode, d.lastError)}
            </Box>
            {d.nextAttemptAt && d.attempts > 0 && (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {t.nextAttempt(formatDateTime(d.nextAttemptAt, { seconds: true }))}
              </Box>
            )}
          </>
        ),
    },
    {
      id: 'acts',
      header: '',
      render: (d) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" onClick={() => open(d)} aria-label={`${t.showAttempts}: ${eventTypeLabel(d.eventType)} ${d.eventId}`}>
            {t.showAttempts}
          </Button>
          <ReplayButton delivery={d} onDone={onDone} />
        </Box>
      ),
    },
  ];
}

/** The delivery log: filtered in the address, a page at a time from the server; each row's attempts, and a replay. */
export function Deliveries({
  endpoints,
  kept: { values, filters, apply },
  onDone,
}: {
  endpoints: readonly WebhookEndpointRow[];
  /** the filters in the address (useDeliveryFilters): an endpoint's card sets them too */
  kept: ReturnType<typeof useDeliveryFilters>;
  onDone: (message: string, ok: boolean) => void;
}) {
  const [opened, setOpened] = useState<WebhookDeliveryRow | null>(null);
  const query = useMemo(() => deliveryTableQuery(filters), [filters]);
  const oneEndpoint = Boolean(filters.endpointId);
  const shown = useMemo(() => columns(setOpened, onDone, oneEndpoint), [onDone, oneEndpoint]);
  return (
    <Box component="section" aria-labelledby="webhook-deliveries-title" sx={{ mt: 4 }}>
      <Typography id="webhook-deliveries-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t.deliveriesTitle}
      </Typography>
      <DeliveryFilterForm endpoints={endpoints} applied={values} onApply={apply} />
      <DataTable
        key={JSON.stringify(filters)}
        label={t.deliveriesTitle}
        query={query}
        columns={shown}
        defaults={deliveryTableDefaults}
        emptyText={t.noDeliveries}
        rowKey={(d) => String(d.id)}
      />
      {opened && <LazyPart load={loadAttempts} props={{ delivery: opened, onClose: () => setOpened(null) }} />}
    </Box>
  );
}
