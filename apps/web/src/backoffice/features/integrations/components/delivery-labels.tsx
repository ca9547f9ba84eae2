import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import { webhookDeliveryStatusLabels, webhookEventTypeLabels, type IntegrationEventType, type WebhookDeliveryRow } from '@portal/contract';

export const eventTypeLabel = (type: string) => webhookEventTypeLabels[type as IntegrationEventType] ?? type;

/** An attempt's outcome in short: the receiver's status code, or what went wrong before one came. */
export const outcomeLabel = (statusCode: number | null, error: string | null) =>
  [statusCode !== null ? `HTTP ${statusCode}` : null, error].filter(Boolean).join(': ') || '—';

/** Has an attempt of this delivery failed since it was last delivered (or made)? */
export const deliveryFailing = (d: Pick<WebhookDeliveryRow, 'status' | 'attempts'>) => d.status === 'failed' || (d.status === 'pending' && d.attempts > 0);

/**
 * A delivery's status in words with an icon: delivered; waiting (its first send, or after failed attempts: then in
 * the error colour, so a failing receiver shows in the log too); failed for good.
 */
export function DeliveryStatusChip({ delivery }: { delivery: Pick<WebhookDeliveryRow, 'status' | 'attempts'> }) {
  const label = webhookDeliveryStatusLabels[delivery.status];
  if (delivery.status === 'delivered') return <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutline />} label={label} sx={{ fontWeight: 500 }} />;
  if (deliveryFailing(delivery)) return <Chip size="small" color="error" icon={<ErrorOutline />} label={label} sx={{ fontWeight: 500 }} />;
  return <Chip size="small" color="info" variant="outlined" icon={<HourglassEmpty />} label={label} sx={{ fontWeight: 500 }} />;
}
