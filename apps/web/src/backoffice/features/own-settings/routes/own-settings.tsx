import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { feedback, ownSettingsText as t } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { failureMessage } from '@/lib/form-errors';
import { backofficePaths } from '../../../paths';
import { ownSettingsQueryOptions, useSetOwnSettings } from '../api/own-settings';

/**
 * Instellingen (every staff role): the staff member's own choices, saved the moment they change. For now one:
 * whether the inbox's daily overview is mailed to them (issue 30.6).
 */
export default function OwnSettingsRoute() {
  const settings = useQuery(ownSettingsQueryOptions());
  const change = useSetOwnSettings();
  const notice = useNotice<string>();
  const headingId = useId();
  const helpId = useId();

  return (
    <>
      <PageHeading title={backofficePaths.ownSettings.title} />
      <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 720 }}>
        <CardContent>
          <Typography id={headingId} variant="h2" gutterBottom>
            {t.mailHeading}
          </Typography>
          {settings.isPending ? (
            <LoadingState label={t.loading} />
          ) : settings.isError ? (
            <LoadFailed message={feedback.serverError} error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
          ) : (
            <>
              <FormControlLabel
                control={
                  <Switch
                    // While saving, the switch shows what was asked; after a refusal, what is kept.
                    checked={change.isPending ? Boolean(change.variables?.digestMails) : settings.data.digestMails}
                    disabled={change.isPending}
                    slotProps={{ input: { 'aria-describedby': helpId } }}
                    onChange={(event) => change.mutate({ digestMails: event.target.checked }, { onSuccess: () => notice.show(t.saved) })}
                  />
                }
                label={t.digestLabel}
              />
              <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t.digestHelp}
              </Typography>
              {change.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {failureMessage(change.error, t.failed)}
                </Alert>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
