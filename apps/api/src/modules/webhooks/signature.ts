import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret form: the prefix, then the key's bytes in base64 (32 random bytes: HMAC-SHA256's own size). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The key bytes of a `whsec_…` secret. */
const keyOf = (secret: string) => Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');

/**
 * The headers of one attempt (Standard Webhooks): `webhook-id`, `webhook-timestamp` in unix seconds and
 * `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`. The timestamp is the
 * attempt's, so a receiver's replay window holds for a retry too; the id stays the event's.
 */
export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
