import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { customerKind, customerText, feedback } from '@portal/contract';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { FormSelectField } from '@/components/form/choice-fields';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { kindChoices, siteChoices } from './customer-labels';

const schema = z.object({
  code: z.string(),
  name: z.string().trim().min(1, customerText.nameRequired).max(200),
  kind: customerKind,
  site: z.string(),
});
export type CustomerFieldValues = z.input<typeof schema>;

/** A customer's code (only when new), name, kind and site; '' as site: the deployment's profile. */
export function CustomerFieldsForm({
  label,
  initial,
  withCode,
  defaultSite,
  submitLabel,
  onSubmit,
  pending,
  error,
}: {
  label: string;
  initial: CustomerFieldValues;
  withCode: boolean;
  defaultSite?: string;
  submitLabel: string;
  onSubmit: (values: CustomerFieldValues, setError: UseFormSetError<CustomerFieldValues>) => void;
  pending: boolean;
  error: unknown;
}) {
  const form = useForm<CustomerFieldValues>({
    defaultValues: initial,
    resolver: schemaResolver(withCode ? schema.extend({ code: z.string().trim().min(1, customerText.codeRequired).max(32) }) : schema),
  });
  return (
    <Form form={form} aria-label={label} onSubmit={(values) => onSubmit(values, form.setError)}>
      {error !== null && error !== undefined && <Alert severity="error" sx={{ mb: 2 }}>{failureMessage(error, feedback.serverError)}</Alert>}
      {withCode && <FormTextField name="code" label="Klantcode" required disabled={pending} helperText="Bijvoorbeeld APO-3001" />}
      <FormTextField name="name" label="Naam" required disabled={pending} />
      <FormSelectField name="kind" label="Soort" required disabled={pending} options={kindChoices} />
      <FormSelectField
        name="site"
        label="Vestiging (formulier onvolkomenheden en kalender)"
        disabled={pending}
        options={siteChoices(defaultSite)}
      />
      <Button type="submit" variant="contained" loading={pending} sx={{ mt: 1 }}>
        {submitLabel}
      </Button>
    </Form>
  );
}
