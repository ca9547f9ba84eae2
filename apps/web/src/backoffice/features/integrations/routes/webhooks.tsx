import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { webhookScreenText as t, type WebhookEndpointRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { integrationClientsQueryOptions } from '../api/import-runs';
import { useRemoveEndpoint, useRotateSecret, useSetEndpointEnabled, webhookEndpointsQueryOptions } from '../api/webhooks';
import { ConfirmAction } from '../components/confirm-action';
import { CreateEndpointDialog } from '../components/create-endpoint-dialog';
import { Deliveries } from '../components/deliveries';
import { useDeliveryFilters } from '../components/delivery-filter-form';
import { EndpointList, type EndpointAct } from '../components/endpoint-list';
import { IntegrationsFrame } from '../components/integration-tabs';
import { ReplayPeriodDialog } from '../components/replay-period-dialog';
import { SecretDialog } from '../components/secret-dialog';
import { webhookRefusal } from '../components/webhook-refusal';

type Open =
  | { kind: 'create' }
  | { kind: 'secret'; url: string; secret: string }
  | { kind: 'switchOff' | 'rotate' | 'remove' | 'replayPeriod'; endpoint: WebhookEndpointRow };

/** The acts that ask first; each says what it does. */
function EndpointConfirm({ open, onClose, onSecret, say }: { open: Extract<Open, { endpoint: WebhookEndpointRow }>; onClose: () => void; onSecret: (url: string, secret: string) => void; say: (message: string, ok: boolean) => void }) {
  const setEnabled = useSetEndpointEnabled();
  const rotate = useRotateSecret();
  const remove = useRemoveEndpoint();
  const [reason, setReason] = useState('');
  const { endpoint } = open;
  if (open.kind === 'switchOff') {
    return (
      <ConfirmAction
        title={t.switchOffTitle(endpoint.url)}
        text={t.switchOffText}
        confirm={t.switchOff}
        danger
        pending={setEnabled.isPending}
        error={setEnabled.error}
        onCancel={onClose}
        onConfirm={() =>
          setEnabled.mutate({ id: endpoint.id, enabled: false, reason: reason.trim() || null }, { onSuccess: () => (onClose(), say(t.switchedOffDone(endpoint.url), true)) })
        }
      >
        <TextField label={t.switchOffReason} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ mt: 2 }} />
      </ConfirmAction>
    );
  }
  if (open.kind === 'rotate') {
    return (
      <ConfirmAction
        title={t.rotateTitle(endpoint.url)}
        text={t.rotateText}
        confirm={t.rotate}
        pending={rotate.isPending}
        error={rotate.error}
        onCancel={onClose}
        onConfirm={() => rotate.mutate({ id: endpoint.id }, { onSuccess: ({ secret }) => onSecret(endpoint.url, secret) })}
      />
    );
  }
  return (
    <ConfirmAction
      title={t.removeTitle(endpoint.url)}
      text={t.removeText}
      confirm={t.remove}
      danger
      pending={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ id: endpoint.id }, { onSuccess: () => (onClose(), say(t.removed(endpoint.url), true)) })}
    />
  );
}

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
        <CreateEndpointDialog clients={clients.data ?? []} onClose={close} onCreated={(url, secret) => (showSecret(url, secret), say(t.created(url), true))} />
      )}
      {open?.kind === 'secret' && <SecretDialog url={open.url} secret={open.secret} onClose={close} />}
      {open?.kind === 'replayPeriod' && <ReplayPeriodDialog endpoint={open.endpoint} onClose={close} onDone={(n) => (close(), say(t.replayedPeriod(n), true))} />}
      {(open?.kind === 'switchOff' || open?.kind === 'rotate' || open?.kind === 'remove') && (
        <EndpointConfirm key={`${open.kind}-${open.endpoint.id}`} open={open} onClose={close} onSecret={showSecret} say={say} />
      )}
      <ScreenNotice open={notice.open} onClose={notice.hide} severity={notice.value?.ok === false ? 'error' : 'success'} autoHideDuration={6000}>
        {notice.value?.message}
      </ScreenNotice>
    </IntegrationsFrame>
  );
}
