import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { backofficeAuthCalls, backofficeText, feedback, type StaffSession } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '@/components/auth-card';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { backofficeKey } from '../../../lib/staff-api';
import { setStaffSession, useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { useStaffLogin } from '../api/staff-auth';

const fullStep = backofficeAuthCalls.login.body.required({ pin: true });
const firstStep = backofficeAuthCalls.login.body.extend({ pin: z.string() });
type Values = z.input<typeof fullStep>;
/** Before the server asks for the code, the code field is not part of the form's checks. */
const resolver = schemaResolver(({ needsCode }: { needsCode: boolean }) => (needsCode ? fullStep : firstStep));

/** The back-office login: e-mail address and password, then the code of the authenticator app. */
export default function StaffLoginRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const login = useStaffLogin();
  const queryClient = useQueryClient();
  const [needsCode, setNeedsCode] = useState(false);
  // react-hook-form takes the context of the latest render, so the checks follow the step.
  const form = useForm({ defaultValues: { emailAddress: '', password: '', pin: '' }, resolver, context: { needsCode } });
  const { setFocus } = form;
  useEffect(() => {
    if (needsCode) setFocus('pin');
  }, [needsCode, setFocus]);

  const onSubmit = submitWith(
    form,
    // Only once the server asked for it is the code sent.
    { mutateAsync: (values: Values) => login.mutateAsync({ ...values, pin: needsCode ? values.pin : undefined }) },
    ['emailAddress', 'password', 'pin'],
    {
      // The screen leaves: what was typed stays until it has.
      resetTo: false,
      onSuccess: (answer: StaffSession) => {
        // What a previous session cached is not this staff member's.
        queryClient.removeQueries({ queryKey: backofficeKey });
        setStaffSession(answer);
        void navigate(answer.needsTotpSetup ? backofficePaths.totpSetup.path : backofficePaths.inbox.path, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          login.reset();
          setNeedsCode(true);
          return true;
        }
        // A wrong or used code is said once, by the alert, in its own words.
        return error instanceof ApiError && error.problem.title === feedback.loginCodeWrong;
      },
    },
  );

  if (session && !login.isPending) {
    return <Navigate to={session.needsTotpSetup ? backofficePaths.totpSetup.path : backofficePaths.inbox.path} replace />;
  }

  const busy = login.isPending || login.isSuccess;

  return (
    <AuthCard title={backofficePaths.login.title}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Voor de medewerkers van Mijn Spits. Klanten loggen in via het klantportaal.
      </Typography>
      <Form form={form} onSubmit={onSubmit} aria-label={backofficePaths.login.title}>
        {login.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {login.error instanceof ApiError && login.error.problem.title === feedback.loginCodeWrong
              ? feedback.loginCodeWrong
              : failureMessage(login.error, backofficeText.loginFailed)}
          </Alert>
        )}
        <FormTextField name="emailAddress" label="E-mailadres" type="email" autoComplete="username" required disabled={busy} />
        <PasswordField name="password" label="Wachtwoord" autoComplete="current-password" required disabled={busy} />
        {needsCode && (
          <FormTextField
            name="pin"
            label="Code"
            autoComplete="one-time-code"
            required
            disabled={busy}
            helperText="De code van 6 cijfers uit uw authenticator-app."
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
          Inloggen
        </Button>
      </Form>
    </AuthCard>
  );
}
