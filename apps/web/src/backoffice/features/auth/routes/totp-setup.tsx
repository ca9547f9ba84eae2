import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { backofficeAuthCalls, feedback } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '@/components/auth-card';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { LoadFailed } from '@/components/load-failed';
import { TotpSecret } from '@/components/totp-secret';
import { LoadingState } from '@/components/loading-state';
import { failureMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { setStaffSession, useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { totpSetupQueryOptions, useTotpEnable } from '../api/staff-auth';

type Values = z.input<typeof backofficeAuthCalls.totpEnable.body>;
const resolver = schemaResolver(backofficeAuthCalls.totpEnable.body);

/**
 * Two-factor login is required in the back-office: on the first login (or after a Beheerder reset it) the staff
 * member scans a new secret and confirms it with a code before any page opens.
 */
export default function TotpSetupRoute() {
  const session = useStaffSession();
  if (!session) return <Navigate to={backofficePaths.login.path} replace />;
  if (!session.needsTotpSetup) return <Navigate to={backofficePaths.inbox.path} replace />;
  return <TotpSetup />;
}

function TotpSetup() {
  const navigate = useNavigate();
  const setup = useQuery(totpSetupQueryOptions());
  const enable = useTotpEnable();
  const form = useForm<Values>({ defaultValues: { pin: '' }, resolver });
  const onSubmit = submitWith(form, enable, ['pin'], {
    // The screen leaves for the inbox with the full session the server answered.
    resetTo: false,
    onSuccess: (session) => {
      setStaffSession(session);
      void navigate(backofficePaths.inbox.path, { replace: true });
    },
  });
  const title = backofficePaths.totpSetup.title;

  if (setup.isPending) {
    return (
      <AuthCard title={title}>
        <LoadingState label="QR-code laden…" showLabel />
      </AuthCard>
    );
  }
  if (setup.isError) {
    return (
      <AuthCard title={title}>
        <LoadFailed message={feedback.serverError} error={setup.error} onRetry={() => void setup.refetch()} retrying={setup.isFetching} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title}>
      <Typography sx={{ mb: 2 }}>
        In Beheer is tweestapsverificatie verplicht. Scan de QR-code met een authenticator-app (of voer de sleutel
        in) en vul de code van 6 cijfers in die de app toont.
      </Typography>
      <TotpSecret qrCodeDataUrl={setup.data.qrCodeDataUrl} secret={setup.data.secret} mb={2} />
      <Form
        form={form}
        aria-label="Tweestapsverificatie activeren"
        onSubmit={onSubmit}
      >
        {enable.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {failureMessage(enable.error, feedback.twoFactorFailed)}
          </Alert>
        )}
        <FormTextField
          name="pin"
          label="Code"
          autoComplete="one-time-code"
          required
          disabled={enable.isPending}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={enable.isPending} sx={{ mt: 2 }}>
          Activeren en doorgaan
        </Button>
      </Form>
    </AuthCard>
  );
}
