import Chip from '@mui/material/Chip';
import { inboxStatusText } from '@portal/contract';

const looks: Record<string, { color: 'info' | 'warning' | 'default'; variant: 'filled' | 'outlined' }> = {
  New: { color: 'info', variant: 'filled' },
  Processing: { color: 'warning', variant: 'filled' },
  Archived: { color: 'default', variant: 'outlined' },
};

/**
 * The status of what a customer sent (Nieuw, In behandeling, Gearchiveerd), as the customer's screens and the
 * back-office inbox show it; a status this version does not know, as it came.
 */
export function InboxStatusChip({ status }: { status: string }) {
  const look = looks[status] ?? looks.Archived!;
  return <Chip size="small" label={inboxStatusText(status)} color={look.color} variant={look.variant} sx={{ fontWeight: 500 }} />;
}
