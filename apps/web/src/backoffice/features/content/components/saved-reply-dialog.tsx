import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { backofficeSavedReplyCalls as calls, inboxKindLabels, inboxKinds, savedReplyText, type InboxKind, type SavedReply } from '@portal/contract';
import { useForm, useWatch } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormSwitchField } from '@/components/form/switch-field';
import { FormCheckboxesField } from '@/components/form/toggle-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { useSaveSavedReply } from '../../../lib/saved-replies';

interface Values {
  name: string;
  allKinds: boolean;
  kinds: InboxKind[];
  subject: string;
  text: string;
}

const kindOptions = inboxKinds.map((kind) => ({ value: kind, label: inboxKindLabels[kind] }));
const serverFields = ['name', 'kinds', 'subject', 'text'];
/** The reply changed is the dialog's, not a field (none: a new one); "Alle soorten" is the contract's null. */
const resolver = payloadResolver(calls.save.body, ({ allKinds, kinds, ...values }: Values, { id }: { id: number | null }) => ({
  id,
  ...values,
  kinds: allKinds ? null : kinds,
}));

export interface SavedReplyDialogProps {
  reply: SavedReply | null;
  onClose: (saved: string | null) => void;
}

/** A saved reply made or changed: its name, the kinds it is offered for, and the subject and text with placeholders. */
export function SavedReplyDialog({ reply, onClose }: SavedReplyDialogProps) {
  const save = useSaveSavedReply();
  const form = useForm({
    defaultValues: {
      name: reply?.name ?? '',
      allKinds: reply ? reply.kinds === null : false,
      kinds: reply?.kinds ?? [],
      subject: reply?.subject ?? '',
      text: reply?.text ?? '',
    },
    resolver,
    context: { id: reply?.id ?? null },
  });
  const allKinds = useWatch({ control: form.control, name: 'allKinds' }) as boolean;
  const onSubmit = submitWith(form, save, serverFields, { resetTo: false, onSuccess: () => onClose(savedReplyText.saved) });
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="saved-reply-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="saved-reply-dialog-title">{reply ? 'Standaardantwoord wijzigen' : 'Nieuw standaardantwoord'}</DialogTitle>
      <DialogForm form={form} onSubmit={onSubmit} save={save} serverFields={serverFields} titleId="saved-reply-dialog-title" onCancel={() => onClose(null)}>
        <FormTextField<Values> name="name" label="Naam" required fullWidth disabled={save.isPending} sx={{ mt: 1, mb: 2 }} />
        <FormSwitchField<Values> name="allKinds" label={savedReplyText.allKinds} disabled={save.isPending} />
        {!allKinds && <FormCheckboxesField<Values> name="kinds" label="Voor de soorten" options={kindOptions} required disabled={save.isPending} />}
        <FormTextField<Values> name="subject" label="Onderwerp" required fullWidth disabled={save.isPending} sx={{ mt: 2 }} />
        <FormTextField<Values> name="text" label="Tekst" required fullWidth multiline minRows={6} disabled={save.isPending} sx={{ mt: 2 }} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {savedReplyText.help}
        </Typography>
      </DialogForm>
    </Dialog>
  );
}
