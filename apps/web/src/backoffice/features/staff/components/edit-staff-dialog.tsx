import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { backofficeText, feedback, staffRoles, type StaffListItem, type StaffRole } from '@portal/contract';
import { useState } from 'react';
import { NativeSelectField } from '@/components/form/native-select-field';
import { failureMessage } from '@/lib/form-errors';
import { useResendInvitation, useResetStaffTotp, useUpdateStaff } from '../api/staff';
import { roleDescriptions, staffFullName } from './staff-labels';

/**
 * Change a colleague's role, switch the account off or on, reset two-factor login, send the invitation again. On
 * one's own row only the reasons show: nobody changes their own role or state, or resets their own second factor.
 */
export function EditStaffDialog({ staff, isSelf, onClose }: { staff: StaffListItem; isSelf: boolean; onClose: (done: string | null) => void }) {
  const [role, setRole] = useState<StaffRole>(staff.role);
  const [isActive, setIsActive] = useState(staff.isActive);
  const update = useUpdateStaff();
  const resetTotp = useResetStaffTotp();
  const resend = useResendInvitation();
  const name = staffFullName(staff);
  const busy = update.isPending || resetTotp.isPending || resend.isPending;
  const failed = update.error ?? resetTotp.error ?? resend.error;

  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="edit-staff-title" fullWidth maxWidth="sm">
      <DialogTitle id="edit-staff-title">{name} wijzigen</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failed && <Alert severity="error">{failureMessage(failed, feedback.serverError)}</Alert>}
          <Typography color="text.secondary">{staff.emailAddress}</Typography>
          <NativeSelectField
            label="Rol"
            value={role}
            options={staffRoles.map((r) => ({ value: r, label: r }))}
            onChange={(value) => setRole(value as StaffRole)}
            disabled={busy || isSelf}
            margin="none"
            helperText={isSelf ? 'Uw eigen rol kunt u niet wijzigen.' : roleDescriptions[role]}
            // The reason stays readable while the field is disabled (the disabled grey fails the contrast check).
            slotProps={{ formHelperText: { disabled: false } }}
          />
          <FormControlLabel
            control={<Switch checked={isActive} onChange={(event) => setIsActive(event.target.checked)} disabled={busy || isSelf} />}
            label="Account actief"
          />
          {isSelf && staff.hasTotp && <Typography color="text.secondary">{backofficeText.ownTotp}</Typography>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {staff.hasTotp && !isSelf && (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => resetTotp.mutate({ id: staff.id }, { onSuccess: () => onClose(`De tweestapsverificatie van ${name} is gereset.`) })}
              >
                Tweestapsverificatie resetten
              </Button>
            )}
            {staff.isInvited && (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => resend.mutate({ id: staff.id }, { onSuccess: () => onClose(`Er is een nieuwe uitnodiging naar ${staff.emailAddress} gestuurd.`) })}
              >
                Uitnodiging opnieuw sturen
              </Button>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={busy}>
          Annuleren
        </Button>
        <Button
          variant="contained"
          loading={update.isPending}
          disabled={busy || isSelf}
          onClick={() => update.mutate({ id: staff.id, role, isActive }, { onSuccess: () => onClose(`De gegevens van ${name} zijn opgeslagen.`) })}
        >
          Opslaan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
