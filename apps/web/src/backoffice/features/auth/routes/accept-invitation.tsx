import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { backofficeAuthCalls, backofficeText } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '@/components/auth-card';
import { Form } from '@/components/form/form';
import { NewPasswordFields } from '@/components/form/password-field';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { backofficePaths } from '../../../paths';
import { useAcceptInvitation } from '../api/staff-auth';

const schema = backofficeAuthCalls.acceptInvitation.body;
type Values = Omit<z.input<typeof schema>, 'token'>;
/** The link's token is the screen's, not a field: it comes in through the form's context. */
type TokenContext = { token: string };
const resolver = payloadResolver(schema, (values: Values, { token }: TokenContext) => ({ token, ...values }));

/** The link of a staff invitation: choose a password; two-factor login is set up at the first login. */
export default function AcceptInvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const accept = useAcceptInvitation();
  const form = useForm({ defaultValues: { password: '', passwordRepeat: '' }, resolver, context: { token } });
  const onSubmit = submitWith(form, accept, ['password', 'passwordRepeat']);
  const title = backofficePaths.invitation.title;

  if (!token) {
    return (
      <AuthCard title={title}>
        <Alert severity="error" sx={{ my: 2 }}>
          {backofficeText.invitationInvalid}
        </Alert>
      </AuthCard>
    );
  }
  if (accept.isSuccess) {
    return (
      <AuthCard title={title}>
        <Alert severity="success" sx={{ my: 2 }}>
          Uw wachtwoord is ingesteld. Log in; daarna stelt u tweestapsverificatie in.
        </Alert>
        <Button component={RouterLink} to={backofficePaths.login.path} variant="contained" fullWidth>
          Naar inloggen
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <Form form={form} aria-label={title} onSubmit={onSubmit}>
        {accept.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {failureMessage(accept.error, backofficeText.invitationInvalid)}
          </Alert>
        )}
        <NewPasswordFields<Values> names={{ password: 'password', repeat: 'passwordRepeat' }} disabled={accept.isPending} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={accept.isPending} sx={{ mt: 2, mb: 2 }}>
          Wachtwoord instellen
        </Button>
        <Link component={RouterLink} to={backofficePaths.login.path} variant="body2">
          Naar inloggen
        </Link>
      </Form>
    </AuthCard>
  );
}
