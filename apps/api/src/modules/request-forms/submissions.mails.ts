import { dutchMomentOf } from '../../lib/dutch-dates.js';
import type { AttachedFile, FormSubmission, SubmissionPatient, Submitter } from './submissions.model.js';

/** The provider's mail of a submission: who filed what when, its reference, the form's lines and its uploads. */
interface Done {
  submissionId: number;
  reference: string;
  createdAt: Date;
  patient: SubmissionPatient | null;
  files: AttachedFile[];
}

/** The form's lines as mail text; `mask` replaces what the line would say (the submitter's copy hides patients). */
function contentLines(form: FormSubmission, done: Done, mask?: (label: string) => string | null): string[] {
  const content: string[] = [];
  for (const [label, value] of form.lines({ patient: done.patient, files: done.files })) {
    const masked = mask?.(label) ?? null;
    const text = masked ?? (value === null || value === undefined || value.trim() === '' ? '-' : value.trim());
    if (text.includes('\n')) content.push(`${label}:`, ...text.split(/\r?\n/).map((line) => `  ${line}`));
    else content.push(`${label}: ${text}`);
  }
  return content;
}

const attachmentLines = (files: AttachedFile[]) =>
  files.length > 0 ? ['', 'Bijlagen:', ...files.map((f) => `  ${f.fileName} (${f.mediaType}, ${formatSize(f.sizeBytes)})`)] : [];

export function submissionMailText(form: FormSubmission, submitter: Submitter, done: Done): string {
  const content = contentLines(form, done);
  return [
    `Er is een ${form.title.toLowerCase()} ingediend via het klantportaal Mijn Spits.`,
    '',
    `Klant: ${submitter.clientName} (${submitter.clientCode})`,
    `Ingediend door: ${submitter.fullName} <${submitter.emailAddress}>`,
    `Ontvangen: ${dutchMomentOf(done.createdAt)}`,
    `Referentie: ${done.reference}`,
    '',
    ...content,
    ...attachmentLines(done.files),
  ].join('\n');
}

/** A line that names a patient or a birth date: left out of the submitter's copy (a mailbox is no patient file). */
const namesPatient = (label: string) => /pati[eë]nt|geboorte/i.test(label);

/**
 * The submitter's copy: the reference, what happens next, and what was sent, without the patient's name and
 * birth date (the portal shows those under Mijn aanvragen en meldingen).
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
    ...contentLines(form, done, (label) => (namesPatient(label) ? 'zie Mijn Spits' : null)),
    ...attachmentLines(done.files),
    '',
    'Dit is een automatisch bericht; een antwoord op deze e-mail wordt niet gelezen.',
  ].join('\n');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
