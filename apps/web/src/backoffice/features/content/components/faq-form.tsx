import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { backofficeContentCalls as calls, feedback, type FaqAdminItem } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { FormSwitchField } from '@/components/form/toggle-fields';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { useSaveFaqItem } from '../api/content';
import { RichTextField } from './rich-text-field';

export interface FaqFormProps {
  item: FaqAdminItem | null;
  onClose: (saved: string | null) => void;
}

interface Values {
  title: string;
  contentHtml: string;
  isPublished: boolean;
}

const serverFields = ['title', 'contentHtml', 'isPublished'];
/** The item changed is the dialog's, not a field: it comes in through the form's context (none: a new one). */
const resolver = payloadResolver(calls.saveFaqItem.body, (values: Values, { id }: { id: number | null }) => ({ id, ...values }));
const formId = 'faq-form';

/**
 * The fields and buttons of the FAQ dialog: question, answer, published or a draft. A chunk of its own (the rich
 * text field), fetched as the dialog opens (faq-dialog.tsx).
 */
export default function FaqForm({ item, onClose }: FaqFormProps) {
  const save = useSaveFaqItem();
  const form = useForm({
    defaultValues: { title: item?.title ?? '', contentHtml: item?.contentHtml ?? '', isPublished: item?.isPublished ?? false },
    resolver,
    context: { id: item?.id ?? null },
  });
  const onSubmit = submitWith(form, save, serverFields, {
    // The dialog closes.
    resetTo: false,
    onSuccess: (_, saved) => onClose(`"${saved.title}" is opgeslagen.`),
  });
  return (
    <>
      <DialogContent>
        <Form form={form} id={formId} aria-labelledby="faq-dialog-title" onSubmit={onSubmit}>
          {save.isError && !saidAtFields(save.error, serverFields) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(save.error, feedback.serverError)}
            </Alert>
          )}
          <FormTextField<Values> name="title" label="Vraag" required fullWidth disabled={save.isPending} sx={{ mt: 1, mb: 2 }} />
          <RichTextField<Values> name="contentHtml" label="Antwoord" disabled={save.isPending} />
          <FormSwitchField<Values> name="isPublished" label="Gepubliceerd (klanten zien deze vraag)" disabled={save.isPending} />
        </Form>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={save.isPending}>
          Annuleren
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={save.isPending}>
          Opslaan
        </Button>
      </DialogActions>
    </>
  );
}
