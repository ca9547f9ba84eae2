import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { feedback, type FaqAdminItem } from '@portal/contract';
import { useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
import { useSaveFaqItem } from '../api/content';
import { fieldErrorOf } from './field-errors';
import { RichTextField } from './rich-text-field';

export interface FaqFormProps {
  item: FaqAdminItem | null;
  onClose: (saved: string | null) => void;
}

/**
 * The fields and buttons of the FAQ dialog: question, answer, published or a draft. A chunk of its own (the rich
 * text field), fetched as the dialog opens (faq-dialog.tsx).
 */
export default function FaqForm({ item, onClose }: FaqFormProps) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [html, setHtml] = useState(item?.contentHtml ?? '');
  const [published, setPublished] = useState(item?.isPublished ?? false);
  const save = useSaveFaqItem();
  const error = save.error;
  return (
    <>
      <DialogContent>
        {error && !fieldErrorOf(error, 'title') && !fieldErrorOf(error, 'contentHtml') && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureMessage(error, feedback.serverError)}
          </Alert>
        )}
        <TextField label="Vraag" value={title} onChange={(e) => setTitle(e.target.value)} required fullWidth sx={{ mt: 1, mb: 2 }} error={Boolean(fieldErrorOf(error, 'title'))} helperText={fieldErrorOf(error, 'title')} />
        <RichTextField label="Antwoord" value={html} onChange={setHtml} error={fieldErrorOf(error, 'contentHtml')} disabled={save.isPending} />
        <FormControlLabel control={<Switch checked={published} onChange={(e) => setPublished(e.target.checked)} />} label="Gepubliceerd (klanten zien deze vraag)" />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={save.isPending}>
          Annuleren
        </Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => save.mutate({ id: item?.id ?? null, title, contentHtml: html, isPublished: published }, { onSuccess: () => onClose(`"${title}" is opgeslagen.`) })}
        >
          Opslaan
        </Button>
      </DialogActions>
    </>
  );
}
