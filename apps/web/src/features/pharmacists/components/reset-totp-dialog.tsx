import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Pharmacist } from '@portal/contract';
import { useId } from 'react';
import { useResetColleagueTotp } from '../api/reset-colleague-totp';
import { fullName } from '../utils/pharmacist-labels';
import { refusalText } from '../utils/refusal-text';

export const totpResetFailedText = 'Het opnieuw instellen van de tweestapsverificatie is mislukt. Probeer het opnieuw.';

/** Asks before a colleague's two-factor login is reset, and says what happens to them. */
export function ResetTotpDialog({ pharmacist, onCancel, onDone }: { pharmacist: Pharmacist; onCancel: () => void; onDone: () => void }) {
  const reset = useResetColleagueTotp();
  const titleId = useId();
  const textId = useId();
  const name = fullName(pharmacist);
  return (
    <Dialog open onClose={() => !reset.isPending && onCancel()} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>Tweestapsverificatie opnieuw instellen?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          Doe dit als {name} de telefoon met de authenticator-app kwijt is. De tweestapsverificatie van {name} gaat uit en{' '}
          {name} wordt overal uitgelogd. {name} logt daarna in met het wachtwoord en zet de tweestapsverificatie opnieuw aan
          onder Beveiliging; {name} krijgt hierover een e-mail.
        </DialogContentText>
        {reset.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusalText(reset.error, [], totpResetFailedText)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={reset.isPending}>
          Annuleren
        </Button>
        <Button
          color="warning"
          variant="contained"
          loading={reset.isPending}
          onClick={() => reset.mutate({ accountId: pharmacist.accountId }, { onSuccess: onDone })}
        >
          Opnieuw instellen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
