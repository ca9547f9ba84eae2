import { oneLine, type OutgoingMail } from '../../lib/mail.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';

export interface NonFaqQuestion {
  to: string;
  /** the submission's id, so that the provider can find it back */
  reference: string;
  receivedAt: Date;
  clientName: string;
  clientCode: string;
  askerName: string;
  askerEmailAddress: string;
  question: string;
}


/** The mail to the provider's service desk. Plain text only: the question is the customer's own text. */
export function nonFaqQuestionMail(q: NonFaqQuestion): OutgoingMail {
  const text = [
    'Er is een vraag gesteld via het klantportaal Mijn Spits die niet in de veelgestelde vragen staat.',
    '',
    `Klant: ${q.clientName} (${q.clientCode})`,
    `Gesteld door: ${q.askerName} <${q.askerEmailAddress}>`,
    `Ontvangen: ${dutchMomentOf(q.receivedAt)}`,
    `Referentie: ${q.reference}`,
    '',
    'Vraag:',
    q.question,
    '',
    `Beantwoord de vraag per e-mail aan ${q.askerEmailAddress}.`,
  ].join('\n');
  return {
    to: q.to,
    subject: oneLine(`Vraag van ${q.clientName} (${q.clientCode}) via Mijn Spits`),
    text,
  };
}
