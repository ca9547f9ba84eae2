import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { calls, credentials, feedback } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { ApiError } from '@/lib/api-client';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useLogin } from '../api/login';
import { AuthCard } from '@/components/auth-card';

/** Before the server asks for a code, the code field is not part of the form's checks. */
const credentialsStep = credentials.extend({ pin: z.string() });
const codeStep = calls.authentication.loginWithTotp.body;
type LoginFormValues = z.input<typeof codeStep>;

const credentialsResolver = schemaResolver(credentialsStep);
const codeResolver = schemaResolver(codeStep);

export default function LoginRoute() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [needsCode, setNeedsCode] = useState(false);
  // react-hook-form takes the resolver of the latest render, so the checks follow the step.
  const form = useForm<LoginFormValues>({
    defaultValues: { emailAddress: '', password: '', pin: '' },
    resolver: needsCode ? codeResolver : credentialsResolver,
  });
  const { setError, setFocus } = form;

  useEffect(() => {
    if (needsCode) setFocus('pin');
  }, [needsCode, setFocus]);

  const onSubmit = (values: LoginFormValues) =>
    loginMutation.mutate(
      {
        emailAddress: values.emailAddress,
        password: values.password,
        pin: needsCode ? values.pin : undefined,
      },
      {
        onSuccess: () => void navigate(paths.dashboard.path, { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            // The account uses two-factor login: back to the initial state, now with the code field.
            loginMutation.reset();
            setNeedsCode(true);
            return;
          }
          // A wrong code is said once, by the alert.
          if (error instanceof ApiError && error.problem.title === feedback.loginCodeWrong) return;
          applyProblemToForm(error, setError, ['emailAddress', 'password', 'pin']);
        },
      },
    );

  const isLoading = loginMutation.isPending || loginMutation.isSuccess;
  // A wrong or used code has its own text; the spec's text stays for wrong credentials.
  const codeWrong =
    loginMutation.error instanceof ApiError && loginMutation.error.problem.title === feedback.loginCodeWrong;

  return (
    <AuthCard title={paths.auth.login.title}>
      <Form form={form} onSubmit={onSubmit} aria-label={paths.auth.login.title}>
        {loginMutation.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {codeWrong ? feedback.loginCodeWrong : failureMessage(loginMutation.error, feedback.loginFailed)}
          </Alert>
        )}
        <FormTextField
          name="emailAddress"
          label="E-mailadres"
          type="email"
          autoComplete="username"
          required
          disabled={isLoading}
        />
        <PasswordField
          name="password"
          label="Wachtwoord"
          autoComplete="current-password"
          required
          disabled={isLoading}
        />
        {needsCode && (
          <FormTextField
            name="pin"
            label="Code"
            autoComplete="one-time-code"
            required
            disabled={isLoading}
            helperText="De code van 6 cijfers uit uw authenticator-app."
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2, mb: 2 }}>
          Inloggen
        </Button>
        <Link component={RouterLink} to={paths.auth.resetPassword.path} variant="body2">
          Wachtwoord vergeten?
        </Link>
      </Form>
    </AuthCard>
  );
}
