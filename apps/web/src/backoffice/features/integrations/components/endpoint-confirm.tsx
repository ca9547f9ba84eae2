import { webhookScreenText as t, type WebhookEndpointRow } from '@portal/contract';
import { useState } from 'react';
import { PlainTextField } from '@/components/form/plain-text-field';
import { useRemoveEndpoint, useRotateSecret, useSetEndpointEnabled } from '../api/webhooks';
import { ConfirmAction } from './confirm-action';

export type EndpointConfirmProps = {
  open: { kind: 'switchOff' | 'rotate' | 'remove'; endpoint: WebhookEndpointRow };
  onClose: () => void;
  onSecret: (url: string, secret: string) => void;
  say: (message: string, ok: boolean) => void;
};

/** The acts that ask first; each says what it does. */
export function EndpointConfirm({ open, onClose, onSecret, say }: EndpointConfirmProps) {
  const setEnabled = useSetEndpointEnabled();
  const rotate = useRotateSecret();
  const remove = useRemoveEndpoint();
  const [reason, setReason] = useState('');
  const { endpoint } = open;
  if (open.kind === 'switchOff') {
    return (
      <ConfirmAction
        title={t.switchOffTitle(endpoint.url)}
        text={t.switchOffText}
        confirm={t.switchOff}
        danger
        pending={setEnabled.isPending}
        error={setEnabled.error}
        onCancel={onClose}
        onConfirm={() =>
          setEnabled.mutate({ id: endpoint.id, enabled: false, reason: reason.trim() || null }, { onSuccess: () => (onClose(), say(t.switchedOffDone(endpoint.url), true)) })
        }
      >
        <PlainTextField label={t.switchOffReason} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ mt: 2 }} />
      </ConfirmAction>
    );
  }
  if (open.kind === 'rotate') {
    return (
      <ConfirmAction
        title={t.rotateTitle(endpoint.url)}
        text={t.rotateText}
        confirm={t.rotate}
        pending={rotate.isPending}
        error={rotate.error}
        onCancel={onClose}
        onConfirm={() => rotate.mutate({ id: endpoint.id }, { onSuccess: ({ secret }) => onSecret(endpoint.url, secret) })}
      />
    );
  }
  return (
    <ConfirmAction
      title={t.removeTitle(endpoint.url)}
      text={t.removeText}
      confirm={t.remove}
      danger
      pending={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ id: endpoint.id }, { onSuccess: () => (onClose(), say(t.removed(endpoint.url), true)) })}
    />
  );
}
