import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { feedback, type FaqAdminItem } from '@portal/contract';
import { useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
import { useSaveFaqItem } from '../api/content';
import { fieldErrorOf } from './field-errors';
import { RichTextField } from './rich-text-field';

/** A FAQ item made or changed: question, answer, published or a draft. */
export function FaqDialog({ item, onClose }: { item: FaqAdminItem | null; onClose: (saved: string | null) => void }) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [html, setHtml] = useState(item?.contentHtml ?? '');
  const [published, setPublished] = useState(item?.isPublished ?? false);
  const save = useSaveFaqItem();
  const error = save.error;
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="faq-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="faq-dialog-title">{item ? 'Vraag wijzigen' : 'Nieuwe vraag'}</DialogTitle>
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
    </Dialog>
  );
}
