import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { FormStatus, formStateOf } from '@/components/form-status';
import { NewPasswordFields, PasswordField } from '@/components/form/password-field';
import { failureMessage } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { useUpdatePassword, type UpdatePasswordInput } from '../api/update-password';

const schema = calls.account.updatePassword.body;
const headingId = 'password-change-heading';

export function PasswordChangeCard() {
  const update = useUpdatePassword();
  const form = useForm<UpdatePasswordInput>({
    defaultValues: { currentPassword: '', newPassword: '', passwordRepeat: '' },
    resolver: schemaResolver(schema),
  });
  const onSubmit = submitWith(form, update, ['currentPassword', 'newPassword', 'passwordRepeat']);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Wachtwoord wijzigen
        </Typography>
        <FormStatus
          state={formStateOf(update)}
          successMessage={feedback.passwordChangeSucceeded}
          errorMessage={failureMessage(update.error, feedback.passwordChangeFailed)}
        />
        <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
          <PasswordField
            name="currentPassword"
            label="Huidig wachtwoord"
            autoComplete="current-password"
            required
            disabled={update.isPending}
          />
          <NewPasswordFields<UpdatePasswordInput> names={{ password: 'newPassword', repeat: 'passwordRepeat' }} disabled={update.isPending} />
          <Button type="submit" variant="contained" loading={update.isPending} sx={{ mt: 2 }}>
            Wachtwoord wijzigen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
