import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { Retention, retentionPolicy, type RetentionReport } from './retention.js';

const labels: Record<keyof RetentionReport['counts'], string> = {
  submissions: 'gearchiveerde aanvragen en meldingen',
  uploads: 'bijbehorende bestanden',
  serviceOrders: 'gearchiveerde servicebestellingen',
  inboxEvents: 'notities, antwoorden en statuswijzigingen daarvan',
  auditRows: 'auditregels',
  mails: 'verzonden of opgegeven e-mails',
  sessions: 'beëindigde sessies (portaal)',
  oneTimeTokens: 'verlopen of gebruikte activatie- en resetcodes',
  staffSessions: 'beëindigde sessies (beheer)',
  staffInvitations: 'verlopen of gebruikte uitnodigingen (beheer)',
  events: 'gebeurtenissen van de koppelingen (feed en webhooks)',
};

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The report as the CLI prints it: counts per kind and the dates before which things are due. */
export function formatRetentionReport(report: RetentionReport, dryRun: boolean): string {
  const { cutoffs, counts } = report;
  const lines = [
    dryRun ? 'Proefdraai: er is niets verwijderd. Bij een echte run zouden verdwijnen:' : 'Verwijderd:',
    ...Object.entries(labels).map(([key, label]) => `  ${String(counts[key as keyof typeof labels]).padStart(8)}  ${label}`),
    'Grenzen (wat ervoor ligt, is aan de beurt):',
    `  aanvragen gearchiveerd vóór ${day(cutoffs.submissions)}, servicebestellingen vóór ${day(cutoffs.serviceOrders)}`,
    `  auditregels vóór ${day(cutoffs.audit)}, e-mails vóór ${day(cutoffs.mails)}, sessies en codes verlopen vóór ${day(cutoffs.sessions)}`,
    `  gebeurtenissen van de koppelingen vóór ${day(cutoffs.events)}`,
  ];
  if (dryRun) lines.push('Voer uit met --apply om dit nu te verwijderen (het portaal doet het zelf dagelijks).');
  return lines.join('\n');
}

/** `retention` prints what is due (a dry run); `retention --apply` removes it now, as the server's daily job does. */
export async function runRetentionCommand(database: Database, config: Config, apply: boolean): Promise<string> {
  const retention = new Retention(database.ownerPool, retentionPolicy(config));
  if (!apply) return formatRetentionReport(await retention.preview(), true);
  const report = await retention.runOnce();
  if (!report) return 'Een ander proces voert de bewaartermijnen op dit moment al uit; er is niets gedaan.';
  return formatRetentionReport(report, false);
}
