import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { backofficeInboxCalls as calls, inboxText, maxThreadFiles, type InboxDetail, type UploadedFile } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FileListField } from '@/components/form/file-field';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { submitWith } from '@/lib/forms/submit-with';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { answerAttachmentUploader, useAddNote, useAnswer } from '../api/inbox';
import { AnswerPatientWarning } from './answer-patient-warning';
import { answerSubject } from './inbox-labels';
import { actionFailure } from './item-handling';
import { ItemSection } from './item-section';
import { SavedReplyChoice } from './saved-reply-choice';

/** The item a message is about is the screen's, not a field: it comes in through the form's context. */
type ItemRef = Pick<InboxDetail, 'itemKind' | 'id'>;
const itemOf = ({ itemKind, id }: InboxDetail): ItemRef => ({ itemKind, id });
const noteResolver = payloadResolver(calls.addNote.body, (values: { text: string }, item: ItemRef) => ({ ...item, ...values }));

interface AnswerValues {
  subject: string;
  text: string;
  files: UploadedFile[];
}
/** The files' messages, the list's and each file's (`fileGuids.1`: the server no longer has the second), show at the file field. */
const answerFieldOf: Partial<Record<string, 'files'>> = {
  fileGuids: 'files',
  ...Object.fromEntries(Array.from({ length: maxThreadFiles }, (_, index) => [`fileGuids.${index}`, 'files'])),
};
const answerResolver = payloadResolver(
  calls.answer.body,
  ({ files, ...values }: AnswerValues, item: ItemRef) => ({ ...item, ...values, fileGuids: files.map((file) => file.fileGuid) }),
  { fieldOf: answerFieldOf },
);

interface MessageProps {
  item: InboxDetail;
  onDone: (message: string) => void;
}

/** An internal note: kept in the history, never shown to the customer. */
export function NoteForm({ item, onDone }: MessageProps) {
  const addNote = useAddNote();
  const form = useForm({ defaultValues: { text: '' }, resolver: noteResolver, context: itemOf(item) });
  return (
    <ItemSection title="Interne notitie">
      <Form
        form={form}
        aria-label="Interne notitie"
        onSubmit={submitWith(form, addNote, ['text'], { onSuccess: () => onDone('De notitie is bewaard.') })}
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


/** An answer to the submitter: kept in the history, shown to the customer in the portal, which a mail points to. */
export function AnswerForm({ item, onDone }: MessageProps) {
  const answer = useAnswer();
  const [uploading, setUploading] = useState(false);
  const to = item.submitter.emailAddress;
  const form = useForm({
    defaultValues: { subject: answerSubject(item.kind, item.receivedAt), text: '', files: [] },
    resolver: answerResolver,
    context: itemOf(item),
  });
  return (
    <ItemSection title="Beantwoorden">
      {!to ? (
        <Typography color="text.secondary">Van de indiener is geen e-mailadres bekend: beantwoorden kan hier niet.</Typography>
      ) : (
        <Form
          form={form}
          aria-label="Beantwoorden"
          onSubmit={submitWith(form, answer, ['subject', 'text'], {
            fieldOf: answerFieldOf,
            // The next answer is likely about the same: its subject stays.
            resetTo: ({ subject }) => ({ subject, text: '', files: [] }),
            onSuccess: () => onDone(`Het antwoord is verstuurd naar ${to}.`),
          })}
        >
          <Typography variant="body2" color="text.secondary">
            Aan: <Box component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>{to}</Box>. {inboxText.answerMailed}
          </Typography>
          {answer.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {actionFailure(answer.error)}
            </Alert>
          )}
          <SavedReplyChoice item={item} disabled={answer.isPending} />
          <FormTextField name="subject" label="Onderwerp" required disabled={answer.isPending} />
          <FormTextField name="text" label="Antwoord" required multiline minRows={5} disabled={answer.isPending} />
          <AnswerPatientWarning patient={item.patient} />
          <FileListField<AnswerValues>
            name="files"
            max={maxThreadFiles}
            purpose="Attachment"
            label={inboxText.answerFilesLabel}
            hint={inboxText.answerFilesHint}
            disabled={answer.isPending}
            upload={answerAttachmentUploader(item)}
            onUploadingChange={setUploading}
          />
          <Button type="submit" variant="contained" startIcon={<Send />} loading={answer.isPending} disabled={uploading} sx={{ mt: 1 }}>
            Antwoord versturen
          </Button>
        </Form>
      )}
    </ItemSection>
  );
}
