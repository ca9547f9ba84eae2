import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { updatePharmacistRequest, type Pharmacist } from '@portal/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { matchProblemErrors } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { useDeletePharmacist } from '../api/delete-pharmacist';
import { useUpdatePharmacist } from '../api/update-pharmacist';
import { ResetTotpDialog } from './reset-totp-dialog';
import { refusalText } from '../utils/refusal-text';
import { fullName } from '../utils/pharmacist-labels';
import { ActiveField, PharmacistFields, pharmacistFieldNames, type PharmacistFormValues } from './pharmacist-fields';
import { ApiError } from '@/lib/api-client';

/**
 * The form of Medewerker wijzigen, in a chunk of its own: the list of staff loads without the form's code, and the
 * dialog starts loading it when it opens, beside the account's data (issue 15's route budget).
 */

// The form values type is shared with the add form, where isActive is absent; here it is always set. The account
// edited is the dialog's, not a field: it comes in through the form's context.
const editResolver = payloadResolver(updatePharmacistRequest, (values: PharmacistFormValues, { accountId }: { accountId: number }) => ({
  accountId,
  ...values,
}));
const editFieldNames = [...pharmacistFieldNames, 'isActive'] as const;

const saveFailedText = 'Het opslaan van de wijzigingen is mislukt. Probeer het opnieuw.';
const deleteFailedText = 'Het verwijderen van het account is mislukt. Probeer het opnieuw.';

/** How the dialog closed: what the list's notice then says. */
export type EditOutcome = { kind: 'saved' | 'deleted' | 'totpReset'; name: string };

export default function EditForm({ pharmacist, onClose }: { pharmacist: Pharmacist; onClose: (outcome?: EditOutcome) => void }) {
  const update = useUpdatePharmacist();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingTotpReset, setConfirmingTotpReset] = useState(false);
  const form = useForm({
    defaultValues: {
      emailAddress: pharmacist.emailAddress,
      firstName: pharmacist.firstName,
      middleName: pharmacist.middleName ?? '',
      lastName: pharmacist.lastName,
      pharmacistType: pharmacist.pharmacistType,
      isActive: pharmacist.isActive,
    },
    mode: 'all',
    resolver: editResolver,
    context: { accountId: pharmacist.accountId },
  });
  const { isValid, isDirty } = form.formState;

  const onSubmit = submitWith(form, update, editFieldNames, {
    // The dialog closes: what was typed stays until it has.
    resetTo: false,
    onSuccess: (_, saved) => onClose({ kind: 'saved', name: fullName(saved) }),
  });

  const fieldErrorsShown =
    update.error instanceof ApiError &&
    update.error.status === 400 &&
    matchProblemErrors(update.error.problem.errors, editFieldNames).unmatched.length === 0;

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {fullName(pharmacist)} · {pharmacist.emailAddress}
        </DialogContentText>
        {update.isError && !fieldErrorsShown && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusalText(update.error, editFieldNames, saveFailedText)}
          </Alert>
        )}
        <Form form={form} id={`edit-pharmacist-${pharmacist.accountId}`} onSubmit={onSubmit} aria-label="Medewerker wijzigen">
          <PharmacistFields disabled={update.isPending} />
          <ActiveField disabled={update.isPending} />
        </Form>
        {pharmacist.totpEnabled && (
          <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <DialogContentText component="span" sx={{ flexGrow: 1 }}>
              Logt in met tweestapsverificatie.
            </DialogContentText>
            <Button size="small" variant="outlined" onClick={() => setConfirmingTotpReset(true)} disabled={update.isPending}>
              Tweestapsverificatie opnieuw instellen
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirmingDelete(true)}
          disabled={update.isPending}
          sx={{ mr: 'auto' }}
        >
          Verwijderen
        </Button>
        <Button onClick={() => onClose()} disabled={update.isPending}>
          Annuleren
        </Button>
        <Button
          type="submit"
          form={`edit-pharmacist-${pharmacist.accountId}`}
          variant="contained"
          disabled={!isValid || !isDirty}
          loading={update.isPending}
        >
          Opslaan
        </Button>
      </DialogActions>
      {confirmingTotpReset && (
        <ResetTotpDialog
          pharmacist={pharmacist}
          onCancel={() => setConfirmingTotpReset(false)}
          onDone={() => onClose({ kind: 'totpReset', name: fullName(pharmacist) })}
        />
      )}
      {confirmingDelete && (
        <ConfirmDeleteDialog
          pharmacist={pharmacist}
          onCancel={() => setConfirmingDelete(false)}
          onDeleted={() => onClose({ kind: 'deleted', name: fullName(pharmacist) })}
        />
      )}
    </>
  );
}

function ConfirmDeleteDialog({
  pharmacist,
  onCancel,
  onDeleted,
}: {
  pharmacist: Pharmacist;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeletePharmacist();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={() => !remove.isPending && onCancel()} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>Medewerker verwijderen?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          Het account van {fullName(pharmacist)} ({pharmacist.emailAddress}) wordt verwijderd; deze medewerker kan daarna
          niet meer inloggen. Bestellingen en meldingen van deze medewerker blijven bewaard. Dit kan niet ongedaan
          worden gemaakt.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusalText(remove.error, [], deleteFailedText)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={remove.isPending}>
          Annuleren
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => remove.mutate(pharmacist.accountId, { onSuccess: onDeleted })}
        >
          Verwijderen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
