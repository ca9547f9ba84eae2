import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { backofficeCustomerCalls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { useInviteAdministrator } from '../api/customers';

const schema = backofficeCustomerCalls.inviteAdministrator.body;
type Values = Omit<z.input<typeof schema>, 'id'>;
/** The customer is the screen's, not a field: it comes in through the form's context. */
const resolver = payloadResolver(schema, (values: Values, { id }: { id: string }) => ({ id, ...values }));
const empty = { emailAddress: '', firstName: '', middleName: '', lastName: '' };

/** Invite an administrator of the customer: they get the activation mail and choose a password. */
export function InviteAdministratorForm({ customerId, onInvited }: { customerId: string; onInvited: (email: string) => void }) {
  const invite = useInviteAdministrator();
  const form = useForm({ defaultValues: empty, resolver, context: { id: customerId } });
  const onSubmit = submitWith(form, invite, ['emailAddress', 'firstName', 'middleName', 'lastName'], {
    onSuccess: (_, payload) => onInvited(payload.emailAddress),
  });
  return (
    <Form form={form} aria-label="Administrator uitnodigen" onSubmit={onSubmit}>
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
