import Box from '@mui/material/Box';
import { inboxQueueText as t, type InboxRow } from '@portal/contract';
import { formatDateTime } from '@/lib/format';

/**
 * When an item should be done; past it while open, "Te laat" in words, bold and in the error colour, so that it
 * stands out without relying on the colour.
 */
export function DueLabel({ due, withSource = false }: { due: Pick<InboxRow, 'dueAt' | 'dueFrom' | 'overdue'>; withSource?: boolean }) {
  const moment = formatDateTime(due.dueAt);
  const source = withSource ? ` (${t.dueFrom[due.dueFrom]})` : '';
  if (!due.overdue) return <>{`${moment}${source}`}</>;
  return (
    <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
      {`${t.overdue} · ${moment}${source}`}
    </Box>
  );
}
