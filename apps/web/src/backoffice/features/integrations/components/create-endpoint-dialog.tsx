import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  backofficeWebhookCalls as calls,
  eventReadScope,
  integrationEventTypes,
  webhookEventTypeLabels,
  webhookScreenText as t,
  type ResponseOf,
} from '@portal/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormSelectField } from '@/components/form/form-select-field';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { FormCheckboxesField } from '@/components/form/toggle-fields';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { useCreateEndpoint } from '../api/webhooks';
import { webhookRefusal } from './webhook-refusal';

type Values = z.input<typeof calls.createEndpoint.body>;
type Client = ResponseOf<typeof calls.listClients>[number];
const resolver = schemaResolver(calls.createEndpoint.body);
const serverFields = ['integrationClientId', 'url', 'eventTypes'] as const;

/** The event types a client's scopes let it read: the only ones offered. */
const typesFor = (client: Client | undefined) => integrationEventTypes.filter((type) => client?.scopes.includes(eventReadScope(type)));

/** Add an endpoint to a client: its address and the event types it wants; the secret is the caller's to show. */
export function CreateEndpointDialog({ clients, onClose, onCreated }: { clients: readonly Client[]; onClose: () => void; onCreated: (url: string, secret: string) => void }) {
  const titleId = useId();
  const formId = useId();
  const create = useCreateEndpoint();
  const live = clients.filter((c) => !c.revoked);
  const form = useForm<Values>({ defaultValues: { integrationClientId: live.length === 1 ? live[0]!.id : '', url: '', eventTypes: [] }, resolver });
  const client = live.find((c) => c.id === form.watch('integrationClientId'));
  const offered = typesFor(client);
  const onSubmit = submitWith(form, create, serverFields, { resetTo: false, focusFirst: true, onSuccess: ({ secret }, sent) => onCreated(sent.url, secret) });
  return (
    <Dialog open onClose={() => !create.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t.add}</DialogTitle>
      <DialogContent>
        <Form form={form} id={formId} aria-labelledby={titleId} onSubmit={onSubmit}>
          {create.isError && !saidAtFields(create.error, serverFields) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {webhookRefusal(create.error)}
            </Alert>
          )}
          <FormSelectField<Values>
            name="integrationClientId"
            label={t.client}
            required
            options={live.map((c) => ({ value: c.id, label: c.name }))}
            // Types of another client may not be this one's to read.
            onValueChange={() => form.setValue('eventTypes', [])}
          />
          <FormTextField<Values> name="url" label={t.url} helperText={t.urlHint} required type="url" autoComplete="off" />
          {client === undefined ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t.chooseClientFirst}
            </Alert>
          ) : offered.length === 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t.noTypesAllowed}
            </Alert>
          ) : (
            <FormCheckboxesField<Values>
              name="eventTypes"
              label={t.eventTypes}
              required
              options={offered.map((type) => ({ value: type, label: `${webhookEventTypeLabels[type]} (${type})` }))}
            />
          )}
        </Form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={create.isPending}>
          {t.create}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
