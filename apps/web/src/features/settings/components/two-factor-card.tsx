import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { calls, feedback } from '@portal/contract';
import { callMissing } from '@/lib/api-client';
import { useState } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { LoadFailed } from '@/components/load-failed';
import { TotpSecret } from '@/components/totp-secret';
import { LoadingState } from '@/components/loading-state';
import { failureMessage } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { useCreateBackupCodes } from '../api/backup-codes';
import { useDisableTotp, type DisableTotpInput } from '../api/disable-totp';
import { useEnableTotp, type EnableTotpInput } from '../api/enable-totp';
import { useTotpSetupCode } from '../api/get-totp-setup-code';
import { useIsTotpEnabled } from '../api/is-totp-enabled';
import { BackupCodesDialog, BackupCodesPanel } from './backup-codes';

const headingId = 'two-factor-heading';
const enableResolver = schemaResolver(calls.account.enableTotp.body);
const disableResolver = schemaResolver(calls.account.disableTotp.body);
const codeInputProps = { htmlInput: { inputMode: 'numeric', maxLength: 6 } } as const;

type Outcome = { severity: 'success' | 'error' | 'warning'; message: string } | null;

export const backupCodesNotMadeText =
  'Tweestapsverificatie staat aan, maar uw back-upcodes konden niet worden gemaakt. Maak ze hieronder met ‘Nieuwe back-upcodes maken’.';

/**
 * Two-factor login: on opening the status is checked; when it is off, a new secret is fetched and shown as a
 * QR code to turn it on with; when it is on, it can be turned off. Both re-check the status afterwards.
 */
export function TwoFactorCard() {
  const status = useIsTotpEnabled();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The backup codes of a new set, shown once; kept here, as the enable form is gone once the status is re-checked.
  const [codes, setCodes] = useState<string[] | null>(null);
  const createCodes = useCreateBackupCodes();
  /** Right after two-factor login is on, with the password just typed: the first set of backup codes. */
  const afterEnabled = async ({ currentPassword }: { currentPassword: string }) => {
    try {
      setCodes((await createCodes.mutateAsync({ currentPassword })).codes);
    } catch (error) {
      // A server without backup codes (the spec's alone) has two-factor login without them.
      if (!callMissing(error)) setOutcome({ severity: 'warning', message: backupCodesNotMadeText });
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Tweestapsverificatie
        </Typography>
        {outcome && (
          <Alert severity={outcome.severity} sx={{ my: 2 }}>
            {outcome.message}
          </Alert>
        )}
        {status.isPending ? (
          <LoadingState label="Status van tweestapsverificatie laden…" />
        ) : status.isError ? (
          <LoadFailed message={feedback.serverError} error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />
        ) : status.data ? (
          <>
            <DisableTotpForm onOutcome={setOutcome} />
            <BackupCodesPanel onCodes={setCodes} />
          </>
        ) : (
          <EnableTotpSection onOutcome={setOutcome} onEnabled={afterEnabled} />
        )}
        {codes && <BackupCodesDialog codes={codes} onClose={() => setCodes(null)} />}
      </CardContent>
    </Card>
  );
}

interface EnableTotpSectionProps {
  onOutcome: (outcome: Outcome) => void;
  onEnabled: (body: EnableTotpInput) => Promise<void>;
}

function EnableTotpSection({ onOutcome, onEnabled }: EnableTotpSectionProps) {
  const setup = useTotpSetupCode();
  const enable = useEnableTotp();
  const form = useForm<EnableTotpInput>({
    defaultValues: { currentPassword: '', verificationPin: '' },
    resolver: enableResolver,
  });

  if (setup.isPending) return <LoadingState label="QR-code laden…" />;
  if (setup.isError) {
    return <LoadFailed message={feedback.serverError} error={setup.error} onRetry={() => void setup.refetch()} retrying={setup.isFetching} />;
  }

  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Tweestapsverificatie staat uit. Scan de QR-code met een authenticator-app, of voer de sleutel handmatig in.
        Vul daarna uw wachtwoord en de code uit de app in om tweestapsverificatie te activeren.
      </Typography>
      <TotpSecret qrCodeDataUrl={setup.data.qrSetupCodeImage} secret={setup.data.manualEntryKey} mb={1} />
      <PasswordAndCodeForm<EnableTotpInput>
        label="Tweestapsverificatie activeren"
        form={form}
        code={{ name: 'verificationPin', label: 'Code' }}
        mutation={enable}
        succeededMessage={feedback.twoFactorEnabled}
        submitLabel="Activeren"
        onOutcome={onOutcome}
        afterSuccess={onEnabled}
      />
    </>
  );
}

function DisableTotpForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const disable = useDisableTotp();
  const form = useForm<DisableTotpInput>({
    defaultValues: { currentPassword: '', pin: '' },
    resolver: disableResolver,
  });

  return (
    <>
      <Typography sx={{ mb: 1 }}>
        Tweestapsverificatie staat aan. Vul uw wachtwoord en een code uit uw authenticator-app in om het uit te
        zetten.
      </Typography>
      <PasswordAndCodeForm<DisableTotpInput>
        label="Tweestapsverificatie deactiveren"
        form={form}
        code={{ name: 'pin', label: 'Code' }}
        mutation={disable}
        succeededMessage={feedback.twoFactorDisabled}
        submitLabel="Deactiveren"
        danger
        onOutcome={onOutcome}
      />
    </>
  );
}

interface PasswordAndCodeFormProps<T extends FieldValues> {
  /** The form's accessible name. */
  label: string;
  form: UseFormReturn<T>;
  /** The code from the authenticator app: each call names it in its own way. */
  code: { name: FieldPath<T>; label: string };
  mutation: { mutateAsync: (body: T) => Promise<unknown>; isPending: boolean };
  succeededMessage: string;
  submitLabel: string;
  /** Turning two-factor login off: a red, outlined button. */
  danger?: boolean;
  onOutcome: (outcome: Outcome) => void;
  /** what follows a success (the first backup codes) */
  afterSuccess?: (body: T) => Promise<void>;
}

/** The password and a code from the app, sent with one call (turning two-factor login on or off); the card shows the outcome. */
function PasswordAndCodeForm<T extends FieldValues>(props: PasswordAndCodeFormProps<T>) {
  const { label, form, code, mutation, succeededMessage, submitLabel, danger = false, onOutcome, afterSuccess } = props;
  // The success arrives after the status re-check has already swapped this form for the other: submitWith still
  // says it and brings the first backup codes.
  const submit = submitWith(form, mutation, ['currentPassword', code.name], {
    onSuccess: async (_, body) => {
      onOutcome({ severity: 'success', message: succeededMessage });
      await afterSuccess?.(body);
    },
    onError: (error) => void onOutcome({ severity: 'error', message: failureMessage(error, feedback.twoFactorFailed) }),
  });
  const onSubmit = (body: T) => {
    onOutcome(null);
    submit(body);
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={label}>
      <PasswordField name="currentPassword" label="Wachtwoord" autoComplete="current-password" required disabled={mutation.isPending} />
      <FormTextField<T>
        name={code.name}
        label={code.label}
        autoComplete="one-time-code"
        required
        disabled={mutation.isPending}
        slotProps={codeInputProps}
      />
      <Button
        type="submit"
        variant={danger ? 'outlined' : 'contained'}
        color={danger ? 'error' : 'primary'}
        loading={mutation.isPending}
        sx={{ mt: 2 }}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}
