import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { feedback, type Pharmacist } from '@portal/contract';
import { useId } from 'react';
import { useLazyComponent, type ComponentModule } from '@/components/lazy-component';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { ApiError } from '@/lib/api-client';
import { usePharmacist } from '../api/get-pharmacist-by-id';
import type { EditOutcome } from './edit-pharmacist-form';

/** The form's code, in a chunk of its own (the staff list loads without it): asked for as the dialog opens. */
const loadEditForm: ComponentModule<{ pharmacist: Pharmacist; onClose: (outcome?: EditOutcome) => void }> = () => import('./edit-pharmacist-form');

export type { EditOutcome };

interface EditPharmacistDialogProps {
  accountId: number;
  onClose: (outcome?: EditOutcome) => void;
}

/** Medewerker wijzigen: the account's data, whether it is active, and removing it (after a confirmation). */
export function EditPharmacistDialog({ accountId, onClose }: EditPharmacistDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const pharmacist = usePharmacist(accountId);
  // Beside the account's data: the form's code, fetched again by "Opnieuw proberen" when it could not be.
  const editForm = useLazyComponent(loadEditForm);
  const EditForm = editForm.component;

  return (
    <Dialog open onClose={() => onClose()} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Medewerker wijzigen</DialogTitle>
      {pharmacist.isError || editForm.error ? (
        <>
          <DialogContent>
            {pharmacist.error instanceof ApiError && pharmacist.error.status === 404 ? (
              <Alert severity="warning">Deze medewerker bestaat niet meer.</Alert>
            ) : (
              <LoadFailed
                message={feedback.orderLoadFailed}
                error={pharmacist.error ?? editForm.error}
                onRetry={() => {
                  if (pharmacist.isError) void pharmacist.refetch();
                  if (editForm.error) editForm.retry();
                }}
                retrying={pharmacist.isFetching}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose()}>Sluiten</Button>
          </DialogActions>
        </>
      ) : pharmacist.isPending || !EditForm ? (
        <DialogContent>
          <LoadingState label="Gegevens laden…" />
        </DialogContent>
      ) : (
        <EditForm pharmacist={pharmacist.data} onClose={onClose} />
      )}
    </Dialog>
  );
}
