import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { inboxKindText, itemReference, replyText, type MyRequestRow } from '@portal/contract';
import { useId } from 'react';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { formatDate } from '@/lib/format';
import { useMyRequestRow } from '../api/my-request-thread';
import { ReplyForm } from './reply-form';
import { ThreadMessages } from './thread-messages';

/** 'Aanvraag rollen van 03-03-2026' */
export const requestTitle = (row: MyRequestRow) => `${inboxKindText(row.kind)} van ${formatDate(row.receivedAt)}`;

/**
 * One request, report or order as a conversation: the provider's answers and the organisation's replies, oldest
 * first, with their files, and below them the reply form. It follows the row, so a sent reply and the status it
 * brings show at once.
 */
export function ConversationDialog({ row: opened, onClose }: { row: MyRequestRow; onClose: () => void }) {
  const row = useMyRequestRow(opened);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{replyText.title(requestTitle(row))}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {itemReference(row)}
          </Typography>
          <InboxStatusChip status={row.status} />
        </Box>
        <ThreadMessages thread={row.thread ?? []} />
        <Divider sx={{ my: 2 }} />
        <ReplyForm item={{ itemKind: row.itemKind, id: row.id }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{replyText.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
