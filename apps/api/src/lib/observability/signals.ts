import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * What the process's background work and imports tell the metrics (decision 0092). They publish on diagnostics
 * channels instead of holding a metrics object: the outbox sender, the webhook dispatcher and the periodic jobs are
 * made apart from the app (server.ts, the CLI, tests), and a channel without subscribers costs one check. Each app's
 * metrics subscribe while the app is open, so what a process does is counted by the app it serves.
 */

export type DeliveryOutcome = 'delivered' | 'failed';

export interface JobRun {
  job: string;
  outcome: 'succeeded' | 'failed';
  /** when the run ended */
  endedAt: Date;
}

export interface ImportRows {
  kind: string;
  counts: Record<'inserted' | 'updated' | 'unchanged' | 'stale' | 'deleted' | 'rejected', number>;
}

export const channels = {
  job: diagnosticsChannel.channel('portal.job.run'),
  mail: diagnosticsChannel.channel('portal.mail.delivery'),
  webhook: diagnosticsChannel.channel('portal.webhook.delivery'),
  importRows: diagnosticsChannel.channel('portal.import.rows'),
};

function publish(channel: diagnosticsChannel.Channel, message: unknown): void {
  if (channel.hasSubscribers) channel.publish(message);
}

export const noteJobRun = (run: JobRun) => publish(channels.job, run);
export const noteMailDelivery = (outcome: DeliveryOutcome) => publish(channels.mail, outcome);
/** 'withdrawn': not sent, its client may no longer read the event */
export const noteWebhookDelivery = (outcome: DeliveryOutcome | 'withdrawn') => publish(channels.webhook, outcome);
export const noteImportRows = (rows: ImportRows) => publish(channels.importRows, rows);
