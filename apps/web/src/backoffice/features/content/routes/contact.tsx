import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { failureMessage } from '@/lib/form-errors';
import { backofficePaths } from '../../../paths';
import { contactQueryOptions, useSaveContactText } from '../api/content';
import { fieldErrorOf } from '../components/field-errors';

function ContactEditor({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const save = useSaveContactText();
  const notice = useNotice<string>();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {save.isError && !fieldErrorOf(save.error, 'text') && <Alert severity="error" sx={{ mb: 2 }}>{failureMessage(save.error, feedback.serverError)}</Alert>}
        <TextField
          label="Contacttekst"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={8}
          fullWidth
          required
          error={Boolean(fieldErrorOf(save.error, 'text'))}
          helperText={fieldErrorOf(save.error, 'text') ?? 'Gewone tekst; regels blijven zoals u ze typt.'}
        />
        <Button variant="contained" sx={{ mt: 2 }} loading={save.isPending} onClick={() => save.mutate({ text }, { onSuccess: () => notice.show('De contacttekst is opgeslagen.') })}>
          Opslaan
        </Button>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Voorbeeld">
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Zo ziet de klant het onder Contact
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>
      </Paper>
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </Box>
  );
}

/** Contacttekst: what customers see under Contact. */
export default function ContactAdminRoute() {
  const contact = useQuery(contactQueryOptions());
  return (
    <>
      <PageHeading title={backofficePaths.contact.title} />
      {contact.isPending ? (
        <LoadingState label="Contacttekst laden…" showLabel />
      ) : contact.isError ? (
        <LoadFailed message={feedback.serverError} error={contact.error} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <ContactEditor initial={contact.data.text} />
      )}
    </>
  );
}
