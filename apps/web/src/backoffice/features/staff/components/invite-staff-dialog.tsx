import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { feedback, staffInvite, staffRoles } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { useInviteStaff } from '../api/staff';
import { roleDescriptions } from './staff-labels';

type Values = z.input<typeof staffInvite>;
const resolver = schemaResolver(staffInvite);
const formId = 'invite-staff-form';

/** Invite a colleague: the invitation mail lets them choose a password; two-factor login follows at the first login. */
export function InviteStaffDialog({ onClose }: { onClose: (invitedEmail: string | null) => void }) {
  const invite = useInviteStaff();
  const form = useForm<Values>({
    defaultValues: { emailAddress: '', firstName: '', middleName: '', lastName: '', role: 'Klantenservice' },
    resolver,
  });
  const onSubmit = submitWith(form, invite, ['emailAddress', 'firstName', 'middleName', 'lastName', 'role'], {
    // The dialog closes.
    resetTo: false,
    onSuccess: (_, payload) => onClose(payload.emailAddress),
  });
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="invite-staff-title" fullWidth maxWidth="sm">
      <DialogTitle id="invite-staff-title">Medewerker uitnodigen</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          id={formId}
          aria-labelledby="invite-staff-title"
          onSubmit={onSubmit}
        >
          {invite.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(invite.error, feedback.serverError)}
            </Alert>
          )}
          <FormTextField name="emailAddress" label="E-mailadres" type="email" required disabled={invite.isPending} />
          <FormTextField name="firstName" label="Voornaam" required disabled={invite.isPending} />
          <FormTextField name="middleName" label="Tussenvoegsel" disabled={invite.isPending} />
          <FormTextField name="lastName" label="Achternaam" required disabled={invite.isPending} />
          <FormSelectField
            name="role"
            label="Rol"
            required
            disabled={invite.isPending}
            options={staffRoles.map((role) => ({ value: role, label: role }))}
            helperText={roleDescriptions[form.watch('role')]}
          />
        </Form>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={invite.isPending}>
          Annuleren
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={invite.isPending}>
          Uitnodigen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
