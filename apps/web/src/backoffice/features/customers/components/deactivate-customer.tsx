import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { feedback } from '@portal/contract';
import { useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
import { useSetCustomerActive } from '../api/customers';

/** Deactivate (with a confirmation that says what it does) or activate a customer again. */
export function DeactivateCustomer({ id, name, isActive, onDone }: { id: string; name: string; isActive: boolean; onDone: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetCustomerActive();
  const change = (next: boolean) =>
    setActive.mutate(
      { id, isActive: next },
      {
        onSuccess: () => {
          setAsking(false);
          onDone(next ? `${name} is weer actief.` : `${name} is gedeactiveerd.`);
        },
      },
    );
  if (!isActive) {
    return (
      <Button variant="outlined" loading={setActive.isPending} onClick={() => change(true)}>
        Weer activeren
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
        Deactiveren
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="deactivate-title">
        <DialogTitle id="deactivate-title">{name} deactiveren?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            De accounts van deze klant kunnen niet meer inloggen en wie nu is ingelogd, wordt uitgelogd. Er wordt niets
            verwijderd: u kunt de klant later weer activeren.
          </DialogContentText>
          {setActive.isError && <Alert severity="error" sx={{ mt: 2 }}>{failureMessage(setActive.error, feedback.serverError)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Annuleren</Button>
          <Button color="error" variant="contained" loading={setActive.isPending} onClick={() => change(false)}>
            Deactiveren
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
