import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { backofficeInboxCalls as calls, type InboxDetail } from '@portal/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { applyProblemToForm } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { useAddNote, useAnswer } from '../api/inbox';
import { answerSubject } from './inbox-labels';
import { actionFailure } from './item-handling';
import { ItemSection } from './item-section';

interface MessageProps {
  item: InboxDetail;
  onDone: (message: string) => void;
}

/** An internal note: kept in the history, never shown to the customer. */
export function NoteForm({ item, onDone }: MessageProps) {
  const addNote = useAddNote();
  const resolver = useMemo(
    () => payloadResolver(calls.addNote.body, (values: { text: string }) => ({ itemKind: item.itemKind, id: item.id, text: values.text })),
    [item.itemKind, item.id],
  );
  const form = useForm<{ text: string }, unknown, z.output<typeof calls.addNote.body>>({ defaultValues: { text: '' }, resolver });
  return (
    <ItemSection title="Interne notitie">
      <Form
        form={form}
        aria-label="Interne notitie"
        onSubmit={(payload) =>
          addNote.mutate(payload, {
            onSuccess: () => {
              form.reset();
              onDone('De notitie is bewaard.');
            },
            onError: (error) => applyProblemToForm(error, form.setError, ['text']),
          })
        }
      >
        {addNote.isError && <Alert severity="error">{actionFailure(addNote.error)}</Alert>}
        <FormTextField name="text" label="Notitie" multiline minRows={2} disabled={addNote.isPending} helperText="Alleen voor collega’s: de klant ziet dit nooit." />
        <Button type="submit" variant="outlined" loading={addNote.isPending} sx={{ mt: 1 }}>
          Notitie bewaren
        </Button>
      </Form>
    </ItemSection>
  );
}

type AnswerValues = { subject: string; text: string };

/** An answer to the submitter: mailed at once, kept in the history, shown to the customer in the portal. */
export function AnswerForm({ item, onDone }: MessageProps) {
  const answer = useAnswer();
  const to = item.submitter.emailAddress;
  const resolver = useMemo(
    () => payloadResolver(calls.answer.body, (values: AnswerValues) => ({ itemKind: item.itemKind, id: item.id, ...values })),
    [item.itemKind, item.id],
  );
  const form = useForm<AnswerValues, unknown, z.output<typeof calls.answer.body>>({ defaultValues: { subject: answerSubject(item.kind, item.receivedAt), text: '' }, resolver });
  return (
    <ItemSection title="Beantwoorden">
      {!to ? (
        <Typography color="text.secondary">Van de indiener is geen e-mailadres bekend: beantwoorden kan hier niet.</Typography>
      ) : (
        <Form
          form={form}
          aria-label="Beantwoorden"
          onSubmit={(payload) =>
            answer.mutate(payload, {
              onSuccess: () => {
                form.reset({ subject: form.getValues('subject'), text: '' });
                onDone(`Het antwoord is verstuurd naar ${to}.`);
              },
              onError: (error) => applyProblemToForm(error, form.setError, ['subject', 'text']),
            })
          }
        >
          <Typography variant="body2" color="text.secondary">
            Aan: <Box component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>{to}</Box>. De klant ziet het antwoord ook onder
            Mijn aanvragen en meldingen.
          </Typography>
          {answer.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {actionFailure(answer.error)}
            </Alert>
          )}
          <FormTextField name="subject" label="Onderwerp" required disabled={answer.isPending} />
          <FormTextField name="text" label="Antwoord" required multiline minRows={5} disabled={answer.isPending} />
          <Button type="submit" variant="contained" startIcon={<Send />} loading={answer.isPending} sx={{ mt: 1 }}>
            Antwoord versturen
          </Button>
        </Form>
      )}
    </ItemSection>
  );
}
