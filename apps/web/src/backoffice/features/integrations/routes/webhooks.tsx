import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { webhookScreenText as t, type WebhookEndpointRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ComponentProps } from 'react';
import { LazyPart, type ComponentModule } from '@/components/lazy-component';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { integrationClientsQueryOptions } from '../api/import-runs';
import { useSetEndpointEnabled, webhookEndpointsQueryOptions } from '../api/webhooks';
import type { CreateEndpointDialog } from '../components/create-endpoint-dialog';
import { Deliveries } from '../components/deliveries';
import { useDeliveryFilters } from '../components/delivery-filter-form';
import { EndpointList, type EndpointAct } from '../components/endpoint-list';
import { IntegrationsFrame } from '../components/integration-tabs';
import type { EndpointConfirmProps } from '../components/endpoint-confirm';
import type { ReplayPeriodDialog } from '../components/replay-period-dialog';
import type { SecretDialog } from '../components/secret-dialog';
import { webhookRefusal } from '../components/webhook-refusal';

// The dialogs come as they open (decision 0100): the form kit's checkboxes, its dropdown and the dialogs' own code
// are not what the list of endpoints and deliveries needs.
const loadCreate: ComponentModule<ComponentProps<typeof CreateEndpointDialog>> = () => import('../components/create-endpoint-dialog').then((m) => ({ default: m.CreateEndpointDialog }));
const loadSecret: ComponentModule<ComponentProps<typeof SecretDialog>> = () => import('../components/secret-dialog').then((m) => ({ default: m.SecretDialog }));
const loadReplayPeriod: ComponentModule<ComponentProps<typeof ReplayPeriodDialog>> = () => import('../components/replay-period-dialog').then((m) => ({ default: m.ReplayPeriodDialog }));
const loadConfirm: ComponentModule<EndpointConfirmProps> = () => import('../components/endpoint-confirm').then((m) => ({ default: m.EndpointConfirm }));

type Open =
  | { kind: 'create' }
  | { kind: 'secret'; url: string; secret: string }
  | { kind: 'switchOff' | 'rotate' | 'remove' | 'replayPeriod'; endpoint: WebhookEndpointRow };

/** Koppelingen, Webhooks (Beheerder): each client's endpoints with their health, and the delivery log. */
export default function WebhooksRoute() {
  const endpoints = useQuery(webhookEndpointsQueryOptions);
  const clients = useQuery(integrationClientsQueryOptions);
  const deliveryFilters = useDeliveryFilters();
  const [open, setOpen] = useState<Open | null>(null);
  const notice = useNotice<{ message: string; ok: boolean }>();
  const { show } = notice;
  const say = useCallback((message: string, ok: boolean) => show({ message, ok }), [show]);
  const switchOn = useSetEndpointEnabled();
  const close = () => setOpen(null);
  const showSecret = (url: string, secret: string) => setOpen({ kind: 'secret', url, secret });

  const act = (what: EndpointAct, endpoint: WebhookEndpointRow) => {
    if (what === 'deliveries') {
      deliveryFilters.apply({ endpoint: endpoint.id });
      document.getElementById('webhook-deliveries-title')?.scrollIntoView?.({ block: 'start' });
    } else if (what === 'switchOn') {
      switchOn.mutate({ id: endpoint.id, enabled: true }, { onSuccess: () => say(t.switchedOn(endpoint.url), true), onError: (error) => say(webhookRefusal(error), false) });
    } else setOpen({ kind: what, endpoint });
  };

  return (
    <IntegrationsFrame
      action={
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ kind: 'create' })} disabled={!clients.isSuccess}>
          {t.add}
        </Button>
      }
    >
      <Box component="section" aria-labelledby="webhook-endpoints-title">
        <Typography id="webhook-endpoints-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t.endpointsTitle}
        </Typography>
        {endpoints.isPending ? (
          <LoadingState />
        ) : endpoints.isError ? (
          <LoadFailed message={t.endpointsLoadFailed} error={endpoints.error} onRetry={() => void endpoints.refetch()} retrying={endpoints.isFetching} />
        ) : endpoints.data.length === 0 ? (
          <Alert severity="info">{clients.data?.some((c) => !c.revoked) === false ? t.noClients : t.noEndpoints}</Alert>
        ) : (
          <EndpointList endpoints={endpoints.data} onAct={act} />
        )}
      </Box>
      <Deliveries endpoints={endpoints.data ?? []} kept={deliveryFilters} onDone={say} />

      {open?.kind === 'create' && (
        <LazyPart load={loadCreate} props={{ clients: clients.data ?? [], onClose: close, onCreated: (url: string, secret: string) => (showSecret(url, secret), say(t.created(url), true)) }} />
      )}
      {open?.kind === 'secret' && <LazyPart load={loadSecret} props={{ url: open.url, secret: open.secret, onClose: close }} />}
      {open?.kind === 'replayPeriod' && <LazyPart load={loadReplayPeriod} props={{ endpoint: open.endpoint, onClose: close, onDone: (n: number) => (close(), say(t.replayedPeriod(n), true)) }} />}
      {(open?.kind === 'switchOff' || open?.kind === 'rotate' || open?.kind === 'remove') && (
        <LazyPart key={`${open.kind}-${open.endpoint.id}`} load={loadConfirm} props={{ open: { kind: open.kind, endpoint: open.endpoint }, onClose: close, onSecret: showSecret, say }} />
      )}
      <ScreenNotice open={notice.open} onClose={notice.hide} severity={notice.value?.ok === false ? 'error' : 'success'} autoHideDuration={6000}>
        {notice.value?.message}
      </ScreenNotice>
    </IntegrationsFrame>
  );
}
