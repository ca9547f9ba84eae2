import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { backofficeCustomerCalls as calls, feedback, type customerKind } from '@portal/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormSelectField } from '@/components/form/form-select-field';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { kindChoices, noSite, siteChoices } from './customer-labels';

/** The fields as the form holds them; `noSite` as site: the deployment's profile. */
export interface CustomerFieldValues {
  code: string;
  name: string;
  kind: z.input<typeof customerKind>;
  site: string;
}

const fieldsOf = ({ name, kind, site }: CustomerFieldValues) => ({ name, kind, site: site === noSite ? null : site });
/** A new customer: its code too. */
export const newCustomerResolver = payloadResolver(calls.create.body, (values: CustomerFieldValues) => ({ code: values.code, ...fieldsOf(values) }));
/** A customer's change: the customer is the screen's, not a field; it comes in through the form's context. */
export const customerChangeResolver = payloadResolver(calls.update.body, (values: CustomerFieldValues, { id }: { id: string }) => ({
  id,
  ...fieldsOf(values),
}));

/** A customer's code (only when new), name, kind and site, sent by `submission` once the checks pass. */
export function CustomerFieldsForm<TContext, TPayload, TResult>({
  label,
  initial,
  withCode,
  defaultSite,
  submitLabel,
  resolver,
  context,
  submission,
  onSaved,
}: {
  label: string;
  initial: CustomerFieldValues;
  withCode: boolean;
  defaultSite?: string;
  submitLabel: string;
  resolver: Resolver<CustomerFieldValues, TContext, TPayload>;
  context?: TContext;
  submission: UseMutationResult<TResult, Error, TPayload>;
  onSaved: (result: TResult) => void;
}) {
  const form = useForm<CustomerFieldValues, TContext, TPayload>({ defaultValues: initial, resolver, context });
  const onSubmit = submitWith(form, submission, withCode ? ['code', 'name', 'kind', 'site'] : ['name', 'kind', 'site'], {
    // What was saved stays in the fields: the new customer's page follows, or the customer as it is now.
    resetTo: false,
    onSuccess: onSaved,
  });
  const pending = submission.isPending;
  return (
    <Form form={form} aria-label={label} onSubmit={onSubmit}>
      {submission.isError && <Alert severity="error" sx={{ mb: 2 }}>{failureMessage(submission.error, feedback.serverError)}</Alert>}
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
