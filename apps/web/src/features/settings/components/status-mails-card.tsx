import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { callMissing } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { useSetStatusMails, useStatusMails } from '../api/status-mails';

const headingId = 'status-mails-heading';
export const statusMailsLabel = 'E-mail bij een nieuwe status van mijn aanvragen en meldingen';


/**
 * Meldingen: whether the account is mailed when the provider gives something it sent a new status. The
 * provider's answers are always mailed; this is about the status only.
 */
export function StatusMailsCard() {
  const setting = useStatusMails();
  const change = useSetStatusMails();
  if (setting.isError && callMissing(setting.error)) return null;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Meldingen
        </Typography>
        {setting.isPending ? (
          <LoadingState label="Instelling laden…" />
        ) : setting.isError ? (
          <LoadFailed message={feedback.serverError} error={setting.error} onRetry={() => void setting.refetch()} retrying={setting.isFetching} />
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={change.isPending ? Boolean(change.variables?.enabled) : setting.data.enabled}
                  disabled={change.isPending}
                  onChange={(event) => change.mutate({ enabled: event.target.checked })}
                />
              }
              label={statusMailsLabel}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Als wij de status van iets wat u hebt verstuurd wijzigen (In behandeling, Gearchiveerd), krijgt u een e-mail. Onze antwoorden
              mailen wij altijd. U vindt alles ook onder Mijn aanvragen en meldingen.
            </Typography>
            {change.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failureMessage(change.error, 'Het wijzigen van deze instelling is niet gelukt.')}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
