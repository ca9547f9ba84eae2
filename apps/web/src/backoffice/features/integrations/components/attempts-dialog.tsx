import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { webhookScreenText as t, type WebhookDeliveryRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format';
import { attemptsQueryOptions } from '../api/webhooks';
import { eventTypeLabel } from './delivery-labels';
import { durationLabel } from './run-labels';

const h = t.attemptHeaders;

/** A delivery's attempts, oldest first: when, the receiver's status code, the error, how long it took. */
export function AttemptsDialog({ delivery, onClose }: { delivery: WebhookDeliveryRow; onClose: () => void }) {
  const titleId = useId();
  const attempts = useQuery(attemptsQueryOptions(delivery.id));
  const title = t.attemptsTitle(eventTypeLabel(delivery.eventType));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
          {delivery.url} · {t.deliveryHeaders.eventId} {delivery.eventId}
        </Typography>
        {attempts.isPending ? (
          <LoadingState />
        ) : attempts.isError ? (
          <LoadFailed message={t.attemptsLoadFailed} error={attempts.error} onRetry={() => void attempts.refetch()} retrying={attempts.isFetching} />
        ) : attempts.data.length === 0 ? (
          <Typography>{t.noAttempts}</Typography>
        ) : (
          // A narrow dialog scrolls its table sideways, never the page.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell>{h.attemptedAt}</TableCell>
                  <TableCell align="right">{h.statusCode}</TableCell>
                  <TableCell>{h.error}</TableCell>
                  <TableCell align="right">{h.duration}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {attempts.data.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.attemptedAt, { seconds: true })}</TableCell>
                    <TableCell align="right" sx={{ color: a.statusCode !== null && a.statusCode < 300 ? undefined : 'error.main' }}>
                      {a.statusCode ?? '—'}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: '10rem' }}>{a.error ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {durationLabel(a.durationMs)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
