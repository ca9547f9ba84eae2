import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { backofficeContentCalls as calls, feedback } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { backofficePaths } from '../../../paths';
import { contactQueryOptions, useSaveContactText } from '../api/content';

const resolver = schemaResolver(calls.saveContactText.body);
const serverFields = ['text'];

function ContactEditor({ initial }: { initial: string }) {
  const save = useSaveContactText();
  const notice = useNotice<string>();
  const form = useForm({ defaultValues: { text: initial }, resolver });
  const onSubmit = submitWith(form, save, serverFields, {
    // What was saved is the text from now on.
    resetTo: ({ text }) => ({ text }),
    onSuccess: () => notice.show('De contacttekst is opgeslagen.'),
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Form form={form} aria-label={backofficePaths.contact.title} onSubmit={onSubmit}>
          {save.isError && !saidAtFields(save.error, serverFields) && <Alert severity="error" sx={{ mb: 2 }}>{failureMessage(save.error, feedback.serverError)}</Alert>}
          <FormTextField
            name="text"
            label="Contacttekst"
            multiline
            minRows={8}
            fullWidth
            required
            disabled={save.isPending}
            helperText="Gewone tekst; regels blijven zoals u ze typt."
          />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={save.isPending}>
            Opslaan
          </Button>
        </Form>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Voorbeeld">
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Zo ziet de klant het onder Contact
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{form.watch('text')}</Typography>
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
