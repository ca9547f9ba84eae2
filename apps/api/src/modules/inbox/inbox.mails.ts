import { customerKindText, inboxStatusText, itemReference, myRequestsPath } from '@portal/contract';
import { dutchDate } from '../../lib/dutch-dates.js';
import { oneLine, type OutgoingMail } from '../../lib/mail.js';
import type { InboxItem } from './inbox-items.js';

/** The mails of the inbox to a customer's submitter: the provider's answer, and a new status for who wants it. */

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** 'uw aanvraag rollen van 3 februari 2026 (referentie AAN-2026-000012)' */
export function itemPhrase(item: Pick<InboxItem, 'itemKind' | 'kind' | 'createdAt' | 'id'>): string {
  const reference = itemReference({ ...item, receivedAt: item.createdAt });
  return `uw ${lowerFirst(customerKindText(item.kind))} van ${dutchDate(item.createdAt.toISOString())} (referentie ${reference})`;
}

const footer = (publicUrl: string) => [
  '',
  '--',
  `U vindt uw aanvragen en meldingen met hun status in Mijn Spits, onder Mijn aanvragen en meldingen: ${publicUrl}${myRequestsPath}`,
];

/**
 * That there is an answer, and where to read it: never the answer itself, nor the subject its writer chose. What
 * staff write may name a patient, and a mail carries no patient data (decision 0079); the portal shows the answer
 * to whoever logs in. The answer is passed but not read: it is stored, and shown there.
 */
export function answerMail(item: InboxItem, to: string, _answer: { subject: string; text: string }, publicUrl: string): OutgoingMail {
  const reference = itemReference({ ...item, receivedAt: item.createdAt });
  return {
    to,
    subject: oneLine(`Antwoord op uw ${lowerFirst(customerKindText(item.kind))} ${reference}`),
    text: [
      `Er is een antwoord op ${itemPhrase(item)}.`,
      '',
      `U leest het in Mijn Spits, onder Mijn aanvragen en meldingen: ${publicUrl}${myRequestsPath}`,
      '',
      'Met vriendelijke groet,',
      'Mijn Spits',
    ].join('\n'),
  };
}

/** Told to an account that asked for status mails. */
export function statusMail(item: InboxItem, to: { emailAddress: string; firstName: string }, status: string, publicUrl: string): OutgoingMail {
  const label = inboxStatusText(status);
  return {
    to: to.emailAddress,
    subject: oneLine(`Nieuwe status: ${label}`),
    text: [
      `Beste ${oneLine(to.firstName)},`,
      '',
      `De status van ${itemPhrase(item)} is nu: ${label}.`,
      '',
      'Met vriendelijke groet,',
      'Mijn Spits',
      ...footer(publicUrl),
      'U krijgt deze berichten omdat u dat onder Instellingen hebt aangezet; daar zet u ze ook weer uit.',
    ].join('\n'),
  };
}
