import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { inboxKindText, inboxQueueText as t, serviceHoursRange, serviceTimesText, type InboxKind } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PlainTextField } from '@/components/form/plain-text-field';
import { ApiError } from '@/lib/api-client';
import { LoadingState } from '@/components/loading-state';
import { serviceTimesQueryOptions, useSaveServiceTimes } from '../api/inbox-queue';
import { actionFailure } from './action-failure';

/**
 * The Beheerder's service time per kind (issue 30.5), in hours from receipt: the inbox's due moments and the
 * report's "Langer open dan de servicetijd" both count with them.
 */
export default function ServiceTimesDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const times = useQuery({ ...serviceTimesQueryOptions(), enabled: open });
  const save = useSaveServiceTimes();
  const [edited, setEdited] = useState<Partial<Record<InboxKind, string>>>({});
  const valueOf = (kind: InboxKind, hours: number) => edited[kind] ?? String(hours);
  const errors = save.error instanceof ApiError ? (save.error.problem.errors ?? {}) : {};

  const close = () => {
    setEdited({});
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rows = times.data ?? [];
    save.mutate(
      { times: rows.map((row) => ({ kind: row.kind, hours: Number(valueOf(row.kind, row.hours)) })) },
      {
        onSuccess: () => {
          onDone(serviceTimesText.saved);
          close();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="service-times-title" maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="service-times-title">{t.serviceTimes}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{serviceTimesText.intro}</DialogContentText>
          {save.error && !Object.keys(errors).length && <Alert severity="error">{actionFailure(save.error)}</Alert>}
          {times.isPending ? (
            <LoadingState />
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              {(times.data ?? []).map((row, index) => {
                const error = errors[`times.${index}.hours`]?.[0];
                return (
                  <PlainTextField
                    key={row.kind}
                    type="number"
                    size="small"
                    margin="none"
                    label={`${inboxKindText(row.kind)} (${serviceTimesText.hours})`}
                    value={valueOf(row.kind, row.hours)}
                    onChange={(event) => setEdited((e) => ({ ...e, [row.kind]: event.target.value }))}
                    error={Boolean(error)}
                    helperText={error ?? serviceTimesText.hint(row.defaultHours)}
                    slotProps={{ htmlInput: { min: serviceHoursRange.min, max: serviceHoursRange.max, step: 1, inputMode: 'numeric' } }}
                  />
                );
              })}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t.cancel}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!times.data}>
            {t.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
