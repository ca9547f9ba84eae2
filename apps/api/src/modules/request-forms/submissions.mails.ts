import { dutchMomentOf } from '../../lib/dutch-dates.js';
import type { AttachedFile, FormSubmission, SubmissionPatient, Submitter } from './submissions.model.js';

/** The provider's mail of a submission: who filed what when, its reference, the form's lines and its uploads. */
export function submissionMailText(
  form: FormSubmission,
  submitter: Submitter,
  done: { submissionId: number; createdAt: Date; patient: SubmissionPatient | null; files: AttachedFile[] },
): string {
  const content: string[] = [];
  for (const [label, value] of form.lines({ patient: done.patient, files: done.files })) {
    const text = value === null || value === undefined || value.trim() === '' ? '-' : value.trim();
    if (text.includes('\n')) content.push(`${label}:`, ...text.split(/\r?\n/).map((line) => `  ${line}`));
    else content.push(`${label}: ${text}`);
  }
  return [
    `Er is een ${form.title.toLowerCase()} ingediend via het klantportaal Mijn Spits.`,
    '',
    `Klant: ${submitter.clientName} (${submitter.clientCode})`,
    `Ingediend door: ${submitter.fullName} <${submitter.emailAddress}>`,
    `Ontvangen: ${dutchMomentOf(done.createdAt)}`,
    `Referentie: ${done.submissionId}`,
    '',
    ...content,
    ...(done.files.length > 0
      ? ['', 'Bijlagen:', ...done.files.map((f) => `  ${f.fileName} (${f.mediaType}, ${formatSize(f.sizeBytes)})`)]
      : []),
  ].join('\n');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
