import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { backofficeCustomerCalls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { useInviteAdministrator } from '../api/customers';

const schema = backofficeCustomerCalls.inviteAdministrator.body;
type Values = z.input<typeof schema>;

/** Invite an administrator of the customer: they get the activation mail and choose a password. */
export function InviteAdministratorForm({ customerId, onInvited }: { customerId: string; onInvited: (email: string) => void }) {
  const invite = useInviteAdministrator();
  const empty: Values = { id: customerId, emailAddress: '', firstName: '', middleName: '', lastName: '' };
  const form = useForm<Values>({ defaultValues: empty, resolver: schemaResolver(schema) });
  return (
    <Form
      form={form}
      aria-label="Administrator uitnodigen"
      onSubmit={(values) =>
        invite.mutate(values, {
          onSuccess: () => {
            form.reset(empty);
            onInvited(values.emailAddress);
          },
          onError: (error) => applyProblemToForm(error, form.setError, ['emailAddress', 'firstName', 'middleName', 'lastName']),
        })
      }
    >
      {invite.isError && <Alert severity="error" sx={{ mb: 2 }}>{failureMessage(invite.error, feedback.serverError)}</Alert>}
      <FormTextField name="emailAddress" label="E-mailadres" type="email" required disabled={invite.isPending} />
      <FormTextField name="firstName" label="Voornaam" required disabled={invite.isPending} />
      <FormTextField name="middleName" label="Tussenvoegsel" disabled={invite.isPending} />
      <FormTextField name="lastName" label="Achternaam" required disabled={invite.isPending} />
      <Button type="submit" variant="contained" loading={invite.isPending} sx={{ mt: 1 }}>
        Uitnodiging versturen
      </Button>
    </Form>
  );
}
