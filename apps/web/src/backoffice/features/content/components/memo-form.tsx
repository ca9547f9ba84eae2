import Box from '@mui/material/Box';
import { backofficeContentCalls as calls, contentText, type MemoItem } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormDateField } from '@/components/form/date-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { dateText, invalidDate } from '@/lib/forms/dates';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
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
  activeFrom: Dayjs | null;
  /** null: no end */
  activeUntil: Dayjs | null;
  /** null: every customer */
  customerIds: string[] | null;
}

const serverFields = ['title', 'text', 'activeFrom', 'activeUntil', 'customerIds'];
/** The memo changed is the dialog's, not a field: it comes in through the form's context (none: a new one). */
const resolver = payloadResolver(
  calls.saveMemo.body,
  (values: MemoValues, { id }: { id: number | null }) => ({
    id,
    ...values,
    // Empty, the day is the contract's "Datum is verplicht"; a date that is none its "Ongeldige datum".
    activeFrom: dateText(values.activeFrom) ?? '',
    activeUntil: dateText(values.activeUntil),
  }),
  {
    // The contract's own rule across the days, said together with a missing title or text rather than after it.
    rule: ({ activeFrom, activeUntil }) => ({
      activeUntil: activeUntil && activeUntil !== invalidDate && activeFrom !== invalidDate && activeUntil < activeFrom ? contentText.untilBeforeFrom : undefined,
    }),
  },
);

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
      activeFrom: dayjs(memo?.activeFrom ?? today()),
      activeUntil: memo?.activeUntil ? dayjs(memo.activeUntil) : null,
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
    <DialogForm form={form} onSubmit={onSubmit} save={save} serverFields={serverFields} titleId="memo-dialog-title" onCancel={() => onClose(null)}>
      <FormTextField<MemoValues> name="title" label="Titel" required fullWidth disabled={pending} sx={{ mt: 1, mb: 2 }} />
      <RichTextField<MemoValues> name="text" label="Tekst" disabled={pending} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
        <FormDateField<MemoValues> name="activeFrom" label="Tonen vanaf" required disabled={pending} />
        <FormDateField<MemoValues> name="activeUntil" label="Tonen tot en met" disabled={pending} helperText="Leeg: zonder einde" />
      </Box>
      <MemoAudience<MemoValues> name="customerIds" disabled={pending} />
    </DialogForm>
  );
}
