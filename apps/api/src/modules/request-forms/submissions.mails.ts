import { backofficeItemPath } from '@portal/contract';
import { dutchMomentOf } from '../../lib/dutch-dates.js';
import type { AttachedFile, FormSubmission, MailLine, SubmissionPatient, Submitter, Withheld } from './submissions.model.js';

/** What both mails of a submission know once it is stored. */
interface Done {
  submissionId: number;
  reference: string;
  createdAt: Date;
  patient: SubmissionPatient | null;
  files: AttachedFile[];
}

/** The form's patient, withheld from its mails. */
export const patientLine = (patient: SubmissionPatient | null): Withheld => ({ withheld: 'patient', given: patient !== null });

/** Text the customer typed freely (a question, a reason, a description), withheld from the mails: it may name a patient. */
export const freeText = (value: string | null | undefined): Withheld => ({ withheld: 'text', given: Boolean(value?.trim()) });

/** An upload of the form, withheld: its content and its name are the patient's. */
export const fileLine = (files: readonly AttachedFile[], field: string, none: string): Withheld => ({
  withheld: 'file',
  given: files.some((file) => file.field === field),
  none,
});

type Reader = 'provider' | 'submitter';

/** Where each reader finds what the mail withholds: the provider's staff in the back-office, the submitter in the portal. */
const withheldText: Record<Reader, Record<Withheld['withheld'], string>> = {
  provider: { patient: 'zie Mijn Spits Beheer', text: 'ingevuld, te lezen in Mijn Spits Beheer', file: 'meegestuurd' },
  submitter: { patient: 'zie Mijn Spits', text: 'ingevuld (niet herhaald in deze e-mail)', file: 'meegestuurd' },
};

function valueText(value: MailLine[1], reader: Reader): string {
  if (typeof value === 'object' && value !== null) return value.given ? withheldText[reader][value.withheld] : (value.none ?? '-');
  return value === null || value === undefined || value.trim() === '' ? '-' : value.trim();
}

/** The form's lines as mail text. */
function contentLines(form: FormSubmission, done: Done, reader: Reader): string[] {
  const content: string[] = [];
  for (const [label, value] of form.lines({ patient: done.patient, files: done.files })) {
    const text = valueText(value, reader);
    if (text.includes('\n')) content.push(`${label}:`, ...text.split(/\r?\n/).map((line) => `  ${line}`));
    else content.push(`${label}: ${text}`);
  }
  return content;
}

const fileCount = (n: number) => `${n} ${n === 1 ? 'bestand' : 'bestanden'}`;

/**
 * The provider's mail of a submission: what it needs to route and act (kind, reference, customer, dates, the
 * form's other fields) and a link to the item in the back-office, where the patient, the free texts and the
 * uploads are read. Nothing is attached.
 */
export function submissionMailText(form: FormSubmission, submitter: Submitter, done: Done, publicUrl: string): string {
  return [
    `Er is een ${form.title.toLowerCase()} ingediend via het klantportaal Mijn Spits.`,
    '',
    `Klant: ${submitter.clientName} (${submitter.clientCode})`,
    `Ingediend door: ${submitter.fullName} <${submitter.emailAddress}>`,
    `Ontvangen: ${dutchMomentOf(done.createdAt)}`,
    `Referentie: ${done.reference}`,
    `Openen in Mijn Spits Beheer: ${publicUrl}${backofficeItemPath({ itemKind: 'Submission', id: done.submissionId })}`,
    '',
    ...contentLines(form, done, 'provider'),
    ...(done.files.length > 0 ? ['', `Bijlage: ${fileCount(done.files.length)}, te openen in Mijn Spits Beheer`] : []),
  ].join('\n');
}

/**
 * The submitter's copy: the reference, what happens next, and what was sent, without the patient, the free texts
 * and the uploads (the portal shows the item under Mijn aanvragen en meldingen).
 */
export function submissionCopyMailText(form: FormSubmission, submitter: Submitter, done: Done): string {
  const what = form.title.toLowerCase();
  return [
    `Beste ${submitter.fullName},`,
    '',
    `Wij hebben uw ${what} ontvangen op ${dutchMomentOf(done.createdAt)}. Uw referentienummer is ${done.reference}.`,
    '',
    'Wat gebeurt er nu? Een medewerker van Spits behandelt uw bericht; de status en ons antwoord ziet u in Mijn Spits',
    'onder Mijn aanvragen en meldingen. Noem het referentienummer als u ons hierover belt of mailt.',
    '',
    `Wat u verstuurde namens ${submitter.clientName} (${submitter.clientCode}):`,
    '',
    ...contentLines(form, done, 'submitter'),
    ...(done.files.length > 0 ? ['', `Bijlage: ${fileCount(done.files.length)}`] : []),
    '',
    'Dit is een automatisch bericht; een antwoord op deze e-mail wordt niet gelezen.',
  ].join('\n');
}
