import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { inboxQueueText as t, inboxViewsText, type InboxView } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { PlainTextField } from '@/components/form/plain-text-field';
import { ApiError } from '@/lib/api-client';
import { useSaveView } from '../api/inbox-queue';
import { actionFailure } from './action-failure';

export interface SaveViewDialogProps {
  /** the view the address is, whose name is offered again */
  name: string;
  /** the address's parameters to keep */
  query: string;
  onClose: () => void;
  onSaved: (view: InboxView) => void;
}

/** Names the inbox's address as a view of the staff member's own; a name used before replaces that view. */
export default function SaveViewDialog({ name: initialName, query, onClose, onSaved }: SaveViewDialogProps) {
  const save = useSaveView();
  const [name, setName] = useState(initialName);
  const nameError =
    save.error instanceof ApiError && save.error.status === 400 ? (save.error.problem.errors?.name?.[0] ?? actionFailure(save.error)) : save.error ? actionFailure(save.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name, query }, { onSuccess: onSaved });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title" maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="save-view-title">{inboxViewsText.save}</DialogTitle>
        <DialogContent>
          <PlainTextField
            label={inboxViewsText.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(nameError)}
            helperText={nameError}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
