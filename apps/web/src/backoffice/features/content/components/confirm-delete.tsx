import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';

/** A delete button that asks first: what customers see is gone at once and cannot be brought back. */
export function ConfirmDelete({
  what,
  onConfirm,
  pending,
  consequence = 'Klanten zien het dan niet meer.',
}: {
  what: string;
  onConfirm: () => void;
  pending: boolean;
  /** what is lost besides the thing itself */
  consequence?: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="small" color="error" aria-label={`${what} verwijderen`} onClick={() => setAsking(true)}>
        Verwijderen
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="confirm-delete-title">
        <DialogTitle id="confirm-delete-title">{what} verwijderen?</DialogTitle>
        <DialogContent>
          <DialogContentText>{consequence} Dit kan niet ongedaan worden gemaakt.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Annuleren</Button>
          <Button
            color="error"
            variant="contained"
            loading={pending}
            onClick={() => {
              onConfirm();
              setAsking(false);
            }}
          >
            Verwijderen
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
