import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { backofficeWebhookCalls as calls, webhookScreenText as t, type WebhookEndpointRow } from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { FormDateTimeField } from '@/components/form/date-time-field';
import { invalidDate } from '@/lib/forms/dates';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { dutchMoment } from '@/lib/zoned-moment';
import { useReplayPeriod } from '../api/webhooks';
import { webhookRefusal } from './webhook-refusal';

type Values = { from: Dayjs | null; until: Dayjs | null };
type Context = { endpointId: string };
const serverFields = ['from', 'until'] as const;

/** The instant of a Dutch wall-clock moment typed; '' when empty, and no date (refused by the contract) when it is none. */
const instant = (value: Dayjs | null) => (!value ? '' : value.isValid() ? (dutchMoment(value.format('YYYY-MM-DDTHH:mm')) ?? invalidDate) : invalidDate);

// The fields give Dutch wall-clock time; the call takes instants, judged by the contract's own rules.
const resolver = payloadResolver(calls.replayPeriod.body, (values: Values, { endpointId }: Context) => ({
  endpointId,
  from: instant(values.from),
  until: instant(values.until),
}));

/** Deliver a period of an endpoint's events again, after saying how: new deliveries of the same event ids. */
export function ReplayPeriodDialog({ endpoint, onClose, onDone }: { endpoint: WebhookEndpointRow; onClose: () => void; onDone: (deliveries: number) => void }) {
  const titleId = useId();
  const formId = useId();
  const replay = useReplayPeriod();
  const form = useForm<Values, Context, z.output<typeof calls.replayPeriod.body>>({ defaultValues: { from: null, until: null }, resolver, context: { endpointId: endpoint.id } });
  const onSubmit = submitWith(form, replay, serverFields, { resetTo: false, focusFirst: true, onSuccess: ({ deliveries }) => onDone(deliveries) });
  return (
    <Dialog open onClose={() => !replay.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t.replayPeriodTitle(endpoint.url)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t.replayPeriodText}</DialogContentText>
        <Form form={form} id={formId} aria-labelledby={titleId} onSubmit={onSubmit}>
          {replay.isError && !saidAtFields(replay.error, serverFields) && (
            <Alert severity="error" sx={{ my: 1 }}>
              {webhookRefusal(replay.error)}
            </Alert>
          )}
          <FormDateTimeField<Values> name="from" label={t.replayFrom} required margin="normal" />
          <FormDateTimeField<Values> name="until" label={t.replayUntil} required margin="normal" />
        </Form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={replay.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={replay.isPending}>
          {t.replayPeriod}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
