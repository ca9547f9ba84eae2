import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { feedback, newPasswordField, passwordRepeatField, withRepeat } from '@portal/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { LoadingState } from '@/components/loading-state';
import { NewPasswordFields } from '@/components/form/password-field';
import { failureMessage } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { paths } from '@/lib/paths';
import type { NewPasswordInput } from '../api/new-password-input';
import { AuthCard } from '@/components/auth-card';
import { BackToLoginLink } from './back-to-login-link';

const schema = withRepeat(
  z.object({ token: z.string(), password: newPasswordField(), passwordRepeat: passwordRepeatField() }),
  'password',
  'passwordRepeat',
);
type NewPasswordValues = Omit<z.input<typeof schema>, 'token'>;
/** The link's token is the screen's, not a field: it comes in through the form's context. */
type TokenContext = { token: string };
const resolver = payloadResolver(schema, (values: NewPasswordValues, { token }: TokenContext) => ({ token, ...values }));

interface NewPasswordCardProps {
  title: string;
  submitLabel: string;
  /** The token from the e-mail link; null when the link has none. */
  token: string | null;
  tokenCheck: UseQueryResult<boolean>;
  submission: UseMutationResult<void, Error, NewPasswordInput>;
  failedMessage: string;
  succeededMessage: string;
  /** What to say and offer when the server says the link is expired or used (issue 13). */
  expired: { text: string; action: { label: string; to: string } };
}

/**
 * The password reset and account activation screens: the link's token is checked first (loading, then the
 * form or an error), then the new password is submitted (loading, then completed or error).
 */
export function NewPasswordCard({
  title,
  submitLabel,
  token,
  tokenCheck,
  submission,
  failedMessage,
  succeededMessage,
  expired,
}: NewPasswordCardProps) {
  const form = useForm<NewPasswordValues, TokenContext, NewPasswordInput>({
    defaultValues: { password: '', passwordRepeat: '' },
    resolver,
    context: { token: token ?? '' },
  });
  const onSubmit = submitWith(form, submission, ['password', 'passwordRepeat']);

  if (token && tokenCheck.isPending) {
    return (
      <AuthCard title={title}>
        <LoadingState label={feedback.pleaseWait} showLabel />
      </AuthCard>
    );
  }

  if (!token || tokenCheck.isError || tokenCheck.data !== true) {
    // The server said the link no longer works (a link without a token is no link of ours either).
    const known = !token || tokenCheck.data === false;
    return (
      <AuthCard title={title}>
        <Alert severity="error" sx={{ my: 2 }}>
          {known ? (
            <>
              <AlertTitle>{failedMessage}</AlertTitle>
              {expired.text}
            </>
          ) : (
            failureMessage(tokenCheck.error, failedMessage)
          )}
        </Alert>
        {known && (
          <Button component={RouterLink} to={expired.action.to} variant="contained" fullWidth sx={{ mb: 2 }}>
            {expired.action.label}
          </Button>
        )}
        <BackToLoginLink />
      </AuthCard>
    );
  }

  if (submission.isSuccess) {
    return (
      <AuthCard title={title}>
        <Alert severity="success" sx={{ my: 2 }}>
          {succeededMessage}
        </Alert>
        <Button component={RouterLink} to={paths.auth.login.path} variant="contained" fullWidth>
          Naar inloggen
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title}>
      {submission.isError && (
        <Alert severity="error" sx={{ my: 2 }}>
          {failureMessage(submission.error, failedMessage)}
        </Alert>
      )}
      <Form form={form} onSubmit={onSubmit} aria-label={title}>
        <NewPasswordFields<NewPasswordValues> names={{ password: 'password', repeat: 'passwordRepeat' }} disabled={submission.isPending} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submission.isPending} sx={{ mt: 2, mb: 2 }}>
          {submitLabel}
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}
