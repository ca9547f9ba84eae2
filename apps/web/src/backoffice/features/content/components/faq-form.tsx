import { backofficeContentCalls as calls, type FaqAdminItem } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormSwitchField } from '@/components/form/switch-field';
import { FormTextField } from '@/components/form/form-text-field';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
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
    <DialogForm form={form} onSubmit={onSubmit} save={save} serverFields={serverFields} titleId="faq-dialog-title" onCancel={() => onClose(null)}>
      <FormTextField<Values> name="title" label="Vraag" required fullWidth disabled={save.isPending} sx={{ mt: 1, mb: 2 }} />
      <RichTextField<Values> name="contentHtml" label="Antwoord" disabled={save.isPending} />
      <FormSwitchField<Values> name="isPublished" label="Gepubliceerd (klanten zien deze vraag)" disabled={save.isPending} />
    </DialogForm>
  );
}
