import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { inboxKindText, replyText, type MyRequestRow } from '@portal/contract';
import { useId } from 'react';
import { type ComponentModule } from '@/components/lazy-component';
import { LazyDialogBody } from '@/components/lazy-dialog-body';
import { formatDate } from '@/lib/format';
import type { ConversationProps } from './conversation';

/** 'Aanvraag rollen van 03-03-2026' */
export const requestTitle = (row: MyRequestRow) => `${inboxKindText(row.kind)} van ${formatDate(row.receivedAt)}`;

const loadConversation: ComponentModule<ConversationProps> = () => import('./conversation');

/**
 * One request, report or order as a conversation with the provider. The table loads without the conversation's
 * code (its reply form and file field: issue 15's route budget); it is fetched as the dialog opens.
 */
export function ConversationDialog({ row, onClose }: ConversationProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{replyText.title(requestTitle(row))}</DialogTitle>
      <LazyDialogBody load={loadConversation} props={{ row, onClose }} onClose={onClose} />
    </Dialog>
  );
}
