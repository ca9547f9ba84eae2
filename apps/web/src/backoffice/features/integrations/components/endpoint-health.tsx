import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { webhookScreenText as t, type WebhookEndpointRow } from '@portal/contract';
import { formatDateTime } from '@/lib/format';
import { isFailing } from '../api/webhooks';

type Health = Pick<WebhookEndpointRow, 'enabled' | 'disabledAt' | 'failingSince'>;

/**
 * An endpoint's health in words, each with an icon, and in the error colour where it needs attention: never colour
 * alone, so it reads on a grey screen and to a screen reader as well.
 */
export function EndpointHealth({ endpoint }: { endpoint: Health }) {
  const since = (at: string | null) => formatDateTime(at);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {endpoint.enabled ? (
        !isFailing(endpoint) && <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutline />} label={t.active} sx={{ fontWeight: 500 }} />
      ) : (
        <Chip
          size="small"
          color="error"
          icon={<PowerSettingsNew />}
          label={endpoint.disabledAt ? t.switchedOffSince(since(endpoint.disabledAt)) : t.switchedOff}
          sx={{ fontWeight: 500 }}
        />
      )}
      {isFailing(endpoint) && <Chip size="small" color="error" icon={<ErrorOutline />} label={t.failingSince(since(endpoint.failingSince))} sx={{ fontWeight: 500 }} />}
    </Stack>
  );
}
