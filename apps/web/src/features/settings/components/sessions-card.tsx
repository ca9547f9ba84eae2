import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { feedback, type AccountSession } from '@portal/contract';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { callMissing } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

const headingId = 'sessions-heading';

const sessionName = (session: AccountSession) => session.browser ?? 'Onbekende browser';
const onPhone = (session: AccountSession) => /iPhone|Android/.test(session.browser ?? '');
const whereFrom = (session: AccountSession) =>
  session.address ? `${session.address}${session.place ? ` (${session.place})` : ''}` : 'adres onbekend';

/**
 * Actieve sessies: where the account is logged in now (browser and system, address, started, last used), this
 * session marked; another session, or all of them, can be ended; they are logged out at their next step.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  if (sessions.isError && callMissing(sessions.error)) return null;
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const busy = endOne.isPending || endOthers.isPending;
  const failure = endOne.error ?? endOthers.error;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Actieve sessies
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Waar uw account nu is ingelogd. Herkent u een sessie niet, beëindig die dan en wijzig uw wachtwoord.
        </Typography>
        {sessions.isPending ? (
          <LoadingState label="Sessies laden…" />
        ) : sessions.isError ? (
          <LoadFailed message={feedback.serverError} error={sessions.error} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
        ) : (
          <>
            <List aria-label="Actieve sessies" disablePadding>
              {sessions.data.map((session) => (
                <ListItem
                  key={session.id}
                  divider
                  disableGutters
                  sx={{ alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}
                  aria-label={`${sessionName(session)}${session.current ? ', deze sessie' : ''}`}
                >
                  {onPhone(session) ? (
                    <PhoneIphoneOutlined color="action" sx={{ mt: 0.25 }} aria-hidden />
                  ) : (
                    <ComputerOutlined color="action" sx={{ mt: 0.25 }} aria-hidden />
                  )}
                  <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Typography component="div" sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      {sessionName(session)}
                      {session.current && <Chip size="small" color="primary" variant="outlined" label="Deze sessie" />}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {whereFrom(session)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Ingelogd {formatDateTime(session.startedAt)} · laatst gebruikt {formatDateTime(session.lastUsedAt)}
                    </Typography>
                  </Box>
                  {!session.current && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy}
                      onClick={() => endOne.mutate({ sessionId: session.id })}
                      aria-label={`Sessie ${sessionName(session)} van ${formatDateTime(session.startedAt)} beëindigen`}
                    >
                      Beëindigen
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
            {others.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Uw account is nergens anders ingelogd.
              </Typography>
            ) : (
              <Button sx={{ mt: 2 }} variant="outlined" color="error" disabled={busy} onClick={() => endOthers.mutate()}>
                Alle andere sessies beëindigen
              </Button>
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failureMessage(failure, 'Het beëindigen van de sessie is niet gelukt.')}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
