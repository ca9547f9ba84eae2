import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { backofficeContentCalls as calls, contentText, feedback, type MemoItem } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { useSaveMemo } from '../api/content';
import { MemoAudience } from './memo-audience';
import { RichTextField } from './rich-text-field';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());

export interface MemoFormProps {
  memo: MemoItem | null;
  onClose: (saved: string | null) => void;
}

export interface MemoValues {
  title: string;
  text: string;
  activeFrom: string;
  /** empty: no end */
  activeUntil: string;
  /** null: every customer */
  customerIds: string[] | null;
}

const serverFields = ['title', 'text', 'activeFrom', 'activeUntil', 'customerIds'];
/** The memo changed is the dialog's, not a field: it comes in through the form's context (none: a new one). */
const resolver = payloadResolver(
  calls.saveMemo.body,
  (values: MemoValues, { id }: { id: number | null }) => ({ id, ...values, activeUntil: values.activeUntil || null }),
  {
    // The contract's own rule across the days, said together with a missing title or text rather than after it.
    rule: ({ activeFrom, activeUntil }) => ({ activeUntil: activeUntil && activeUntil < activeFrom ? contentText.untilBeforeFrom : undefined }),
  },
);
const formId = 'memo-form';

/**
 * The fields and buttons of the memo dialog: title, text, the days it shows, and to whom. A chunk of its own
 * (the rich text field, the customer picker), fetched as the dialog opens (memo-dialog.tsx).
 */
export default function MemoForm({ memo, onClose }: MemoFormProps) {
  const save = useSaveMemo();
  const form = useForm({
    defaultValues: {
      title: memo?.title ?? '',
      text: memo?.text ?? '',
      activeFrom: memo?.activeFrom ?? today(),
      activeUntil: memo?.activeUntil ?? '',
      customerIds: memo?.customerIds ?? null,
    },
    resolver,
    context: { id: memo?.id ?? null },
  });
  const onSubmit = submitWith(form, save, serverFields, {
    // The dialog closes.
    resetTo: false,
    onSuccess: (_, saved) => onClose(`De memo "${saved.title}" is opgeslagen.`),
  });
  const pending = save.isPending;
  return (
    <>
      <DialogContent>
        <Form form={form} id={formId} aria-labelledby="memo-dialog-title" onSubmit={onSubmit}>
          {save.isError && !saidAtFields(save.error, serverFields) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(save.error, feedback.serverError)}
            </Alert>
          )}
          <FormTextField<MemoValues> name="title" label="Titel" required fullWidth disabled={pending} sx={{ mt: 1, mb: 2 }} />
          <RichTextField<MemoValues> name="text" label="Tekst" disabled={pending} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
            <FormTextField<MemoValues> name="activeFrom" type="date" label="Tonen vanaf" required disabled={pending} slotProps={{ inputLabel: { shrink: true } }} />
            <FormTextField<MemoValues>
              name="activeUntil"
              type="date"
              label="Tonen tot en met"
              disabled={pending}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText="Leeg: zonder einde"
            />
          </Box>
          <MemoAudience<MemoValues> name="customerIds" disabled={pending} />
        </Form>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={pending}>
          Annuleren
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={pending}>
          Opslaan
        </Button>
      </DialogActions>
    </>
  );
}
