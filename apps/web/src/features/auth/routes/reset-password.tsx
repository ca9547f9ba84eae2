import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { SubmissionStatus } from '@/components/form-status';
import { FormTextField } from '@/components/form/form-text-field';
import { submitWith } from '@/lib/forms/submit-with';
import { paths } from '@/lib/paths';
import { useRequestPasswordResetToken, type RequestPasswordResetTokenInput } from '../api/request-password-reset-token';
import { AuthCard } from '@/components/auth-card';
import { BackToLoginLink } from '../components/back-to-login-link';

const resolver = schemaResolver(calls.authentication.requestPasswordResetToken.body);

export default function ResetPasswordRoute() {
  const request = useRequestPasswordResetToken();
  const form = useForm<RequestPasswordResetTokenInput>({
    defaultValues: { emailAddress: '' },
    resolver,
  });
  const onSubmit = submitWith(form, request, ['emailAddress']);

  return (
    <AuthCard title={paths.auth.resetPassword.title}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Vul uw e-mailadres in. U ontvangt dan een e-mail met een link om een nieuw wachtwoord in te stellen.
      </Typography>
      <SubmissionStatus submission={request} succeededMessage={feedback.resetRequestSucceeded} failedMessage={feedback.resetRequestFailed} />
      <Form form={form} onSubmit={onSubmit} aria-label={paths.auth.resetPassword.title}>
        <FormTextField
          name="emailAddress"
          label="E-mailadres"
          type="email"
          autoComplete="email"
          required
          disabled={request.isPending}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={request.isPending} sx={{ mt: 2, mb: 2 }}>
          Reset link aanvragen
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}
