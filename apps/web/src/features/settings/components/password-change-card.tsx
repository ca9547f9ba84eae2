import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { FormStatus, formStateOf } from '@/components/form-status';
import { newPasswordHint, PasswordField } from '@/components/form/password-field';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { useUpdatePassword, type UpdatePasswordInput } from '../api/update-password';

const schema = calls.account.updatePassword.body;
const headingId = 'password-change-heading';

export function PasswordChangeCard() {
  const update = useUpdatePassword();
  const { control, handleSubmit, reset, setError } = useForm<UpdatePasswordInput>({
    defaultValues: { currentPassword: '', newPassword: '', passwordRepeat: '' },
    resolver: zodResolver(schema),
  });

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => reset(),
      onError: (error) => applyProblemToForm(error, setError, ['currentPassword', 'newPassword', 'passwordRepeat']),
    }),
  );

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
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <PasswordField
            control={control}
            name="currentPassword"
            label="Huidig wachtwoord"
            autoComplete="current-password"
            required
            disabled={update.isPending}
          />
          <PasswordField
            control={control}
            name="newPassword"
            label="Nieuw wachtwoord"
            autoComplete="new-password"
            required
            disabled={update.isPending}
            helperText={newPasswordHint}
          />
          <PasswordField
            control={control}
            name="passwordRepeat"
            label="Herhaal nieuw wachtwoord"
            autoComplete="new-password"
            required
            disabled={update.isPending}
          />
          <Button type="submit" variant="contained" loading={update.isPending} sx={{ mt: 2 }}>
            Wachtwoord wijzigen
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
