import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { backupCodeCalls, backupCodeCount, feedback } from '@portal/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { PasswordField } from '@/components/form/password-field';
import { callMissing } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { saveFile } from '@/lib/save-file';
import { useBackupCodeStatus, useCreateBackupCodes } from '../api/backup-codes';

/** The text file a user can keep: the codes, one per line, with what they are for. */
function codesFile(codes: string[]): File {
  const text = [
    'Mijn Spits: back-upcodes voor tweestapsverificatie',
    'Elke code werkt één keer. Gebruik een code als u uw authenticator-app niet bij de hand hebt.',
    '',
    ...codes,
    '',
  ].join('\r\n');
  return new File([text], 'mijn-spits-back-upcodes.txt', { type: 'text/plain;charset=utf-8' });
}

/**
 * The new backup codes, shown this once: the user keeps them (copied, downloaded or written down) and says so
 * to close. Escape and a click beside the dialog do not close it by accident.
 */
export function BackupCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Uw back-upcodes</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Bewaar deze {codes.length} codes op een veilige plek, bijvoorbeeld afgedrukt of in een wachtwoordkluis. Hebt u uw
          telefoon niet bij de hand, dan logt u in met één van deze codes. Elke code werkt één keer. U ziet ze alleen nu.
        </DialogContentText>
        <Box
          component="ol"
          aria-label="Back-upcodes"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: 1,
            listStyle: 'none',
            p: 2,
            my: 2,
            bgcolor: 'grey.100',
            borderRadius: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '1.05rem',
            letterSpacing: '0.05em',
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" onClick={() => void copy()}>
            Kopiëren
          </Button>
          <Button variant="outlined" size="small" onClick={() => saveFile(codesFile(codes))}>
            Downloaden
          </Button>
        </Stack>
        {copied !== null && (
          <Typography role="status" variant="body2" sx={{ mt: 1 }} color={copied ? 'success.dark' : 'error'}>
            {copied ? 'De codes zijn gekopieerd.' : 'Kopiëren lukte niet. Schrijf de codes over of download ze.'}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Ik heb de codes bewaard
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type PasswordInput = { currentPassword: string };
const passwordResolver = schemaResolver(backupCodeCalls.createBackupCodes.body);

/** Asks the password before a new set is made; the old set stops working. */
function NewBackupCodesDialog({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const titleId = useId();
  const create = useCreateBackupCodes();
  const form = useForm<PasswordInput>({ defaultValues: { currentPassword: '' }, resolver: passwordResolver });
  const onSubmit = submitWith(form, create, ['currentPassword'], { onSuccess: ({ codes }) => onCodes(codes) });

  return (
    <Dialog open onClose={() => !create.isPending && onCancel()} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Nieuwe back-upcodes maken</DialogTitle>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 1 }}>
            U krijgt {backupCodeCount} nieuwe codes. De codes die u nu hebt, werken daarna niet meer. Vul uw wachtwoord in.
          </DialogContentText>
          {create.isError && (
            <Alert severity="error" sx={{ my: 1 }}>
              {failureMessage(create.error, feedback.backupCodesFailed)}
            </Alert>
          )}
          <PasswordField name="currentPassword" label="Wachtwoord" autoComplete="current-password" required disabled={create.isPending} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={create.isPending}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Codes maken
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/**
 * With two-factor login on: how many backup codes are left, and a new set on request. Left out on a server
 * without backup codes (the spec's alone).
 */
export function BackupCodesPanel({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const status = useBackupCodeStatus();
  const [asking, setAsking] = useState(false);
  if (status.isPending || (status.isError && callMissing(status.error))) return null;
  const remaining = status.data?.remaining;

  return (
    <Box component="section" aria-label="Back-upcodes" sx={{ mt: 3 }}>
      <Typography variant="h3" gutterBottom>
        Back-upcodes
      </Typography>
      {status.isError ? (
        <Alert severity="error">{failureMessage(status.error, feedback.serverError)}</Alert>
      ) : remaining === 0 ? (
        <Alert severity="warning">
          U hebt geen back-upcodes. Maak ze nu, zodat u ook zonder uw telefoon kunt inloggen.
        </Alert>
      ) : (
        <Typography color={remaining !== undefined && remaining <= 3 ? 'warning.dark' : undefined}>
          U hebt nog {remaining} van de {backupCodeCount} back-upcodes. Met een back-upcode logt u in als u uw telefoon niet bij de hand hebt.
        </Typography>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAsking(true)}>
        Nieuwe back-upcodes maken
      </Button>
      {asking && (
        <NewBackupCodesDialog
          onCancel={() => setAsking(false)}
          onCodes={(codes) => {
            setAsking(false);
            onCodes(codes);
          }}
        />
      )}
    </Box>
  );
}
