import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { contentText, feedback, type MemoItem } from '@portal/contract';
import { useState } from 'react';
import { failureMessage } from '@/lib/form-errors';
import { useSaveMemo } from '../api/content';
import { fieldErrorOf } from './field-errors';
import { MemoAudience } from './memo-audience';
import { RichTextField } from './rich-text-field';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());

export interface MemoFormProps {
  memo: MemoItem | null;
  onClose: (saved: string | null) => void;
}

/**
 * The fields and buttons of the memo dialog: title, text, the days it shows, and to whom. A chunk of its own
 * (the rich text field, the customer picker), fetched as the dialog opens (memo-dialog.tsx).
 */
export default function MemoForm({ memo, onClose }: MemoFormProps) {
  const [title, setTitle] = useState(memo?.title ?? '');
  const [text, setText] = useState(memo?.text ?? '');
  const [from, setFrom] = useState(memo?.activeFrom ?? today());
  const [until, setUntil] = useState(memo?.activeUntil ?? '');
  const [chosen, setChosen] = useState<string[] | null>(memo?.customerIds ?? null);
  const save = useSaveMemo();
  const error = save.error;
  const [tried, setTried] = useState(false);
  // "Gekozen klanten" without one is no audience: the server refuses it too (it once meant every customer).
  const audienceError = chosen?.length === 0 && tried ? contentText.customersRequired : undefined;
  const submit = () => {
    setTried(true);
    if (chosen?.length === 0) return;
    save.mutate(
      { id: memo?.id ?? null, title, text, activeFrom: from, activeUntil: until || null, customerIds: chosen },
      { onSuccess: () => onClose(`De memo "${title}" is opgeslagen.`) },
    );
  };
  return (
    <>
      <DialogContent>
        {error && !fieldErrorOf(error, 'title') && !fieldErrorOf(error, 'text') && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureMessage(error, feedback.serverError)}
          </Alert>
        )}
        <TextField label="Titel" value={title} onChange={(e) => setTitle(e.target.value)} required fullWidth sx={{ mt: 1, mb: 2 }} error={Boolean(fieldErrorOf(error, 'title'))} helperText={fieldErrorOf(error, 'title')} />
        <RichTextField label="Tekst" value={text} onChange={setText} error={fieldErrorOf(error, 'text')} disabled={save.isPending} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
          <TextField type="date" label="Tonen vanaf" value={from} onChange={(e) => setFrom(e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={Boolean(fieldErrorOf(error, 'activeFrom'))} helperText={fieldErrorOf(error, 'activeFrom')} />
          <TextField type="date" label="Tonen tot en met" value={until} onChange={(e) => setUntil(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} error={Boolean(fieldErrorOf(error, 'activeUntil'))} helperText={fieldErrorOf(error, 'activeUntil') ?? 'Leeg: zonder einde'} />
        </Box>
        <MemoAudience value={chosen} onChange={setChosen} error={audienceError ?? fieldErrorOf(error, 'customerIds')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={save.isPending}>
          Annuleren
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          Opslaan
        </Button>
      </DialogActions>
    </>
  );
}
