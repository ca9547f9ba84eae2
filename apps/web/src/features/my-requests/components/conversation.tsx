import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { itemReference, replyText, type MyRequestRow } from '@portal/contract';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { useMyRequestRow } from '../api/my-request-thread';
import { ReplyForm } from './reply-form';
import { ThreadMessages } from './thread-messages';

export interface ConversationProps {
  row: MyRequestRow;
  onClose: () => void;
}

/**
 * The conversation's body: the provider's answers and the organisation's replies, oldest first, with their files,
 * and below them the reply form. It follows the row, so a sent reply and the status it brings show at once.
 */
export default function Conversation({ row: opened, onClose }: ConversationProps) {
  const row = useMyRequestRow(opened);
  return (
    <>
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
    </>
  );
}
