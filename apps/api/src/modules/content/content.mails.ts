import { backofficeItemPath } from '@portal/contract';
import { oneLine, type OutgoingMail } from '../../lib/mail.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';

export interface NonFaqQuestion {
  to: string;
  /** the submission's number and reference, so that the provider can find it back */
  submissionId: number;
  reference: string;
  receivedAt: Date;
  clientName: string;
  clientCode: string;
  askerName: string;
  askerEmailAddress: string;
  /** the portal's address, for the link to the question in the back-office */
  publicUrl: string;
}


/**
 * The mail to the provider's service desk. It says that there is a question and links to it, without quoting it:
 * the customer's own text may name a patient, and a mail carries no patient data (decision 0079).
 */
export function nonFaqQuestionMail(q: NonFaqQuestion): OutgoingMail {
  const text = [
    'Er is een vraag gesteld via het klantportaal Mijn Spits die niet in de veelgestelde vragen staat.',
    '',
    `Klant: ${q.clientName} (${q.clientCode})`,
    `Gesteld door: ${q.askerName} <${q.askerEmailAddress}>`,
    `Ontvangen: ${dutchMomentOf(q.receivedAt)}`,
    `Referentie: ${q.reference}`,
    '',
    'Vraag: te lezen en te beantwoorden in Mijn Spits Beheer:',
    `${q.publicUrl}${backofficeItemPath({ itemKind: 'Submission', id: q.submissionId })}`,
  ].join('\n');
  return {
    to: q.to,
    subject: oneLine(`Vraag van ${q.clientName} (${q.clientCode}) via Mijn Spits`),
    text,
  };
}
