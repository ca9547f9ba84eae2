import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { webhookEventTypeLabels, webhookScreenText as t, type IntegrationEventType, type WebhookEndpointRow } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatDateTime, formatInteger } from '@/lib/format';
import { needsAttention } from '../api/webhooks';
import { EndpointHealth } from './endpoint-health';

export type EndpointAct = 'switchOff' | 'switchOn' | 'rotate' | 'remove' | 'replayPeriod' | 'deliveries';
type OnAct = (act: EndpointAct, endpoint: WebhookEndpointRow) => void;

const typeLabel = (type: string) => webhookEventTypeLabels[type as IntegrationEventType] ?? type;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One endpoint: its address, health, facts and acts; one that needs attention is edged in the error colour. */
function EndpointCard({ endpoint, onAct }: { endpoint: WebhookEndpointRow; onAct: OnAct }) {
  const attention = needsAttention(endpoint);
  const act = (what: EndpointAct) => () => onAct(what, endpoint);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={endpoint.url}
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none', borderColor: attention ? 'error.main' : undefined, borderLeftWidth: attention ? 6 : undefined }}
    >
      <Typography component="p" sx={{ fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere', mb: 1 }}>
        {endpoint.url}
      </Typography>
      <EndpointHealth endpoint={endpoint} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr' }, gap: 2, my: 2 }}>
        <Fact term={t.eventTypes}>
          {endpoint.eventTypes.map((type) => (
            <Box component="span" key={type} title={type} sx={{ display: 'block' }}>
              {typeLabel(type)}
            </Box>
          ))}
        </Fact>
        <Fact term={t.lastSuccess}>{endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : t.never}</Fact>
        <Fact term={t.pending}>{formatInteger(endpoint.pendingDeliveries)}</Fact>
        {!endpoint.enabled && <Fact term={t.reason}>{endpoint.disabledReason ?? '—'}</Fact>}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" onClick={act('deliveries')}>
          {t.showDeliveries}
        </Button>
        {endpoint.enabled ? (
          <Button size="small" variant="outlined" color="error" onClick={act('switchOff')}>
            {t.switchOff}
          </Button>
        ) : (
          <Button size="small" variant="contained" onClick={act('switchOn')}>
            {t.switchOn}
          </Button>
        )}
        <Button size="small" variant="outlined" onClick={act('replayPeriod')} disabled={!endpoint.enabled}>
          {t.replayPeriod}
        </Button>
        <Button size="small" variant="outlined" onClick={act('rotate')}>
          {t.rotate}
        </Button>
        <Button size="small" color="error" onClick={act('remove')}>
          {t.remove}
        </Button>
      </Box>
    </Paper>
  );
}

function ClientEndpoints({ clientName, own, onAct }: { clientName: string; own: readonly WebhookEndpointRow[]; onAct: OnAct }) {
  return (
    <Box component="section" aria-label={`${t.client} ${clientName}`} sx={{ mb: 3 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {clientName}
      </Typography>
      <Box component="ul" sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}>
        {own.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} onAct={onAct} />
        ))}
      </Box>
    </Box>
  );
}

/** The endpoints per integration client, in the order the call gives them (by client name, then age). */
export function EndpointList({ endpoints, onAct }: { endpoints: readonly WebhookEndpointRow[]; onAct: OnAct }) {
  const byClient = new Map<string, WebhookEndpointRow[]>();
  for (const endpoint of endpoints) byClient.set(endpoint.integrationClientId, [...(byClient.get(endpoint.integrationClientId) ?? []), endpoint]);
  return (
    <>
      {[...byClient].map(([clientId, own]) => (
        <ClientEndpoints key={clientId} clientName={own[0]!.clientName} own={own} onAct={onAct} />
      ))}
    </>
  );
}
