import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { fillSavedReply, itemReference, savedRepliesFor, savedReplyText, type InboxDetail, type SavedReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { NativeSelectField } from '@/components/form/native-select-field';
import { useStaffSession } from '../../../lib/staff-session';
import { savedRepliesQueryOptions } from '../../../lib/saved-replies';

interface Message {
  subject: string;
  text: string;
}

/**
 * "Standaardantwoord" in the answer form (issue 30.4): the Beheerder's replies for this item's kind, their
 * placeholders filled in from the item and the staff member answering. A choice fills the subject and text; what
 * the staff member typed there is replaced only when they say so. The form's prefilled subject and the reply
 * chosen before count as nothing typed, so that trying one reply after another does not ask each time.
 */
export interface SavedReplyPickerProps {
  item: InboxDetail;
  disabled?: boolean;
}

export default function SavedReplyPicker({ item, disabled }: SavedReplyPickerProps) {
  const form = useFormContext<Message>();
  const staff = useStaffSession()?.staff;
  const replies = useQuery(savedRepliesQueryOptions());
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState<{ id: string; message: Message } | null>(null);
  const inserted = useRef<Message | null>(null);
  const offered = savedRepliesFor(replies.data ?? [], item.kind);
  if (offered.length === 0) return null;

  const filled = (reply: SavedReply): Message => {
    const values = {
      klant: item.client.name,
      referentie: itemReference(item),
      naam: item.submitter.name,
      medewerker: staff ? [staff.firstName, staff.middleName, staff.lastName].filter(Boolean).join(' ') : null,
    };
    return { subject: fillSavedReply(reply.subject, values), text: fillSavedReply(reply.text, values) };
  };
  const insert = (id: string, message: Message) => {
    inserted.current = message;
    setChosen(id);
    // dirty and validated as if typed: the form's reset after sending and its messages treat it alike
    form.setValue('subject', message.subject, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('text', message.text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const typed = (name: keyof Message) => {
    const value = form.getValues(name).trim();
    return value !== '' && value !== (form.formState.defaultValues?.[name] ?? '').trim() && value !== inserted.current?.[name].trim();
  };
  const choose = (id: string) => {
    const reply = offered.find((r) => String(r.id) === id);
    if (!reply) return;
    const message = filled(reply);
    if (typed('subject') || typed('text')) setAsking({ id, message });
    else insert(id, message);
  };

  return (
    <>
      <NativeSelectField
        label={savedReplyText.picker}
        value={chosen}
        options={offered.map((reply) => ({ value: String(reply.id), label: reply.name }))}
        onChange={choose}
        disabled={disabled}
      />
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="saved-reply-replace-title">
        <DialogContent>
          <DialogContentText id="saved-reply-replace-title">{savedReplyText.replaceQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{savedReplyText.keep}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (asking) insert(asking.id, asking.message);
              setAsking(null);
            }}
          >
            {savedReplyText.replace}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
