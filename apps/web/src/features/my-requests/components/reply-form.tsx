import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { maxThreadFiles, myRequestThreadCalls, replyText, type UploadedFile } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FileListField } from '@/components/form/file-field';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { FormStatus, formStateOf } from '@/components/form-status';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { useReplyToMyRequest, type MyRequestRef } from '../api/my-request-thread';

interface ReplyValues {
  text: string;
  files: UploadedFile[];
}

const defaultValues: ReplyValues = { text: '', files: [] };

/** The files' messages, the list's and each file's (`fileGuids.2` when the server no longer knows the third), show at the file field. */
const fieldOf: Partial<Record<string, 'files'>> = {
  fileGuids: 'files',
  ...Object.fromEntries(Array.from({ length: maxThreadFiles }, (_, index) => [`fileGuids.${index}`, 'files'])),
};
const serverFields = ['text'];

const resolver = payloadResolver(
  myRequestThreadCalls.replyToMyRequest.body,
  ({ text, files }: ReplyValues, item: MyRequestRef) => ({ ...item, text, fileGuids: files.map((file) => file.fileGuid) }),
  { fieldOf },
);

/** The customer's reply on its item: a text and up to five files; it sets the item back to In behandeling. */
export function ReplyForm({ item }: { item: MyRequestRef }) {
  const reply = useReplyToMyRequest();
  const [uploading, setUploading] = useState(false);
  const form = useForm({ defaultValues, resolver, context: item });
  const saidAtTheFields = reply.isError && saidAtFields(reply.error, serverFields, fieldOf);
  return (
    <Form form={form} aria-label={replyText.textLabel} onSubmit={submitWith(form, reply, serverFields, { fieldOf })}>
      <FormTextField<ReplyValues> name="text" label={replyText.textLabel} required multiline minRows={3} fullWidth margin="normal" />
      <FileListField<ReplyValues>
        name="files"
        max={maxThreadFiles}
        purpose="Attachment"
        label={replyText.filesLabel}
        hint={replyText.filesHint}
        onUploadingChange={setUploading}
      />
      <FormStatus
        state={formStateOf(reply)}
        successMessage={replyText.sent}
        errorMessage={saidAtTheFields ? undefined : failureMessage(reply.error, replyText.failed)}
      />
      <Button type="submit" variant="contained" startIcon={<Send />} loading={reply.isPending} disabled={uploading}>
        {replyText.send}
      </Button>
    </Form>
  );
}
