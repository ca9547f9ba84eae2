import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { backupCodeLoginCalls, calls, credentials, feedback } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useLogin } from '../api/login';
import { AuthCard } from '@/components/auth-card';
import { useShellHandOver, useShellValues } from '../components/use-shell-hand-over';

/** Before the server asks for a code, the code fields are not part of the form's checks; then the one in use is. */
const credentialsStep = credentials.extend({ pin: z.string(), backupCode: z.string() });
const codeStep = calls.authentication.loginWithTotp.body.extend({ backupCode: z.string() });
const backupCodeStep = backupCodeLoginCalls.loginWithBackupCode.body.extend({ pin: z.string() });
type LoginFormValues = z.input<typeof credentialsStep>;
type LoginStep = 'credentials' | 'code' | 'backupCode';

const stepSchemas = { credentials: credentialsStep, code: codeStep, backupCode: backupCodeStep };
const resolver = schemaResolver(({ step }: { step: LoginStep }) => stepSchemas[step]);

/** The server's own texts for a code that was wrong or used: said once, by the alert. */
const codeWrongTexts: string[] = [feedback.loginCodeWrong, feedback.loginBackupCodeWrong];

export default function LoginRoute() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [needsCode, setNeedsCode] = useState(false);
  // The phone is not at hand: one of the backup codes instead of the app's code.
  const [withBackupCode, setWithBackupCode] = useState(false);
  const step: LoginStep = !needsCode ? 'credentials' : withBackupCode ? 'backupCode' : 'code';
  // What was typed in the login page rendered at build time, before the app started (decision 0101).
  const shellValues = useShellValues();
  // react-hook-form takes the context of the latest render, so the checks follow the step.
  const form = useForm({
    defaultValues: { emailAddress: '', password: '', ...shellValues, pin: '', backupCode: '' },
    resolver,
    context: { step },
  });
  const { setFocus, clearErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (needsCode) setFocus(withBackupCode ? 'backupCode' : 'pin');
  }, [needsCode, withBackupCode, setFocus]);

  const switchCode = () => {
    loginMutation.reset();
    clearErrors(['pin', 'backupCode']);
    setWithBackupCode((now) => !now);
  };

  const onSubmit = submitWith(
    form,
    {
      // Only the code the step asks for is sent.
      mutateAsync: (values: LoginFormValues) =>
        loginMutation.mutateAsync({
          emailAddress: values.emailAddress,
          password: values.password,
          pin: step === 'code' ? values.pin : undefined,
          backupCode: step === 'backupCode' ? values.backupCode : undefined,
        }),
    },
    ['emailAddress', 'password', 'pin', 'backupCode'],
    {
      // The screen leaves: what was typed stays until it has.
      resetTo: false,
      onSuccess: () => void navigate(paths.dashboard.path, { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          // The account uses two-factor login: back to the initial state, now with the code field.
          loginMutation.reset();
          setNeedsCode(true);
          return true;
        }
        // A wrong code is said once, by the alert.
        return error instanceof ApiError && codeWrongTexts.includes(error.problem.title);
      },
    },
  );

  useShellHandOver(form, formRef);

  const isLoading = loginMutation.isPending || loginMutation.isSuccess;
  // A wrong or used code is a failed login too (the product's error catalogue): the spec's text, and beneath it what was wrong.
  const codeWrongText =
    loginMutation.error instanceof ApiError && codeWrongTexts.includes(loginMutation.error.problem.title)
      ? loginMutation.error.problem.title
      : undefined;

  return (
    <AuthCard title={paths.auth.login.title}>
      <Form form={form} onSubmit={onSubmit} aria-label={paths.auth.login.title} formRef={formRef}>
        {loginMutation.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {codeWrongText === undefined ? (
              failureMessage(loginMutation.error, feedback.loginFailed)
            ) : (
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {feedback.loginFailed}
                </Box>
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {codeWrongText}
                </Box>
              </>
            )}
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
        {needsCode && !withBackupCode && (
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
        {needsCode && withBackupCode && (
          <FormTextField
            name="backupCode"
            label="Back-upcode"
            autoComplete="off"
            required
            disabled={isLoading}
            helperText="Eén van de tien back-upcodes die u kreeg toen u tweestapsverificatie aanzette, bijvoorbeeld K7MQ2-XW9PD."
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
          />
        )}
        {needsCode && withBackupCode && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Geen telefoon en geen back-upcodes meer? Vraag een administrator van uw organisatie om uw tweestapsverificatie
            opnieuw in te stellen (onder Medewerkers).
          </Typography>
        )}
        {needsCode && (
          <Link component="button" type="button" variant="body2" onClick={switchCode} disabled={isLoading} sx={{ mt: 1 }}>
            {withBackupCode ? 'Toch de code uit de app gebruiken' : 'Telefoon niet bij de hand? Log in met een back-upcode'}
          </Link>
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
