import type { OutgoingMail } from '../../lib/mail.js';

export interface NonFaqQuestion {
  to: string;
  /** the submission's id, so that the provider can find it back */
  reference: number;
  receivedAt: Date;
  clientName: string;
  clientCode: string;
  askerName: string;
  askerEmailAddress: string;
  question: string;
}

const dutchMoment = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** Header values come from stored data; a line break in them must never start a new header. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The mail to the provider's service desk. Plain text only: the question is the customer's own text. */
export function nonFaqQuestionMail(q: NonFaqQuestion): OutgoingMail {
  const text = [
    'Er is een vraag gesteld via het klantportaal Mijn Spits die niet in de veelgestelde vragen staat.',
    '',
    `Klant: ${q.clientName} (${q.clientCode})`,
    `Gesteld door: ${q.askerName} <${q.askerEmailAddress}>`,
    `Ontvangen: ${dutchMoment.format(q.receivedAt)}`,
    `Referentie: vraag ${q.reference}`,
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
