import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { webhookScreenText as t } from '@portal/contract';
import { useId, type ReactNode } from 'react';
import { webhookRefusal } from './webhook-refusal';

interface ConfirmActionProps {
  title: string;
  text: string;
  confirm: string;
  /** a step that cannot be undone, or stops deliveries: the button in the error colour */
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  /** more to fill in before confirming (a reason) */
  children?: ReactNode;
}

/** Asks before an act on an endpoint, saying what it does; a failure is said in the dialog, which stays open. */
export function ConfirmAction({ title, text, confirm, danger = false, pending, error, onConfirm, onCancel, children }: ConfirmActionProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={() => !pending && onCancel()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {children}
        {error !== null && error !== undefined && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {webhookRefusal(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
