import { sql } from 'drizzle-orm';
import { validation, type PatientSearchResult, type UploadPurpose } from '@portal/contract';
import type { Db } from '../db/database.js';
import { withTenant, type Tx } from '../db/tenancy.js';
import { formSubmissions } from '../db/schema.js';
import { writeAudit } from './audit.js';
import { selectPatients } from './patients.js';
import type { AccessClaims } from './crypto.js';
import { enqueueMail, oneLine, type MailAttachment } from './mail.js';
import { fieldErrors, notFound } from './problems.js';
import { dutchMomentOf } from './dutch-dates.js';

/** Who files a form: the logged-in account and its customer, read in the submission's transaction. */
export interface Submitter {
  accountId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  fullName: string;
  emailAddress: string;
  clientCode: string;
  clientName: string;
}

/** A patient a form refers to, as the provider needs to see it in the mail: as the patient search shows it. */
export type SubmissionPatient = PatientSearchResult;

/** An upload a form refers to: the payload field that names it, its server id, and what it must be. */
export interface SubmissionFileReference {
  field: string;
  fileGuid: string;
  purposes: readonly UploadPurpose[];
}

export interface AttachedFile {
  field: string;
  fileGuid: string;
  fileName: string;
  fileExtension: string;
  mediaType: string;
  sizeBytes: number;
}

/** One line of the provider's mail: a label and its value (multi-line values are indented under it). */
export type MailLine = readonly [label: string, value: string | null | undefined];

export interface FormSubmission {
  /** Stored as the submission's kind, e.g. 'NewProduct', 'ImperfectionOosterwolde'. */
  kind: string;
  /** Stored whole, as validated. */
  payload: Record<string, unknown>;
  /** The patient the form is about, with the payload field that names it; checked to be the customer's own. */
  patient?: { field: string; patientId: number } | null;
  /** Uploads the form refers to; each must be the customer's own, unused, and of an allowed purpose. */
  files?: readonly SubmissionFileReference[];
  /** Where the provider wants it: the service or the quality address. */
  to: string;
  /** What it is, in Dutch, for the mail's subject and first line, e.g. 'Aanvraag rollen'. */
  title: string;
  /** The content of the mail, built once the patient is known. */
  lines: (context: { patient: SubmissionPatient | null; files: AttachedFile[] }) => readonly MailLine[];
  /** The requester's network address, for the audit trail. */
  address: string;
}


export async function readSubmitter(tx: Tx, claims: AccessClaims): Promise<Submitter> {
  const result = await tx.execute<{
    first_name: string;
    middle_name: string | null;
    last_name: string;
    email_address: string;
    client_code: string;
    client_name: string;
  }>(sql`
    select a.first_name, a.middle_name, a.last_name, a.email_address, c.client_code, c.name as client_name
    from accounts a join clients c on c.id = a.client_id
    where a.client_id = ${claims.clientId} and a.id = ${claims.accountId}`);
  const row = result.rows[0];
  // The guard checked the account a moment ago; only a removal in between gets here.
  if (!row) throw notFound();
  return {
    accountId: claims.accountId,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    fullName: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
    emailAddress: row.email_address,
    clientCode: row.client_code,
    clientName: row.client_name,
  };
}

/** The customer's own patient, or null; row-level security hides every other customer's. */
export async function findPatient(tx: Tx, clientId: string, patientId: number): Promise<SubmissionPatient | null> {
  const [patient] = await selectPatients(tx, sql`p.client_id = ${clientId} and p.id = ${patientId}`);
  return patient ?? null;
}

/**
 * Stores a form as a submission for the provider, ties its uploads to it, puts its mail (with the uploads as
 * attachments) in the outbox and writes its audit row: all in one transaction, so that nothing is stored
 * without its mail, nor mailed without being stored. A patient or upload that is not the customer's own (or
 * no longer exists, or is already used) is a 400 on its field, and nothing is stored.
 */
export async function submitForm(
  db: Db,
  claims: AccessClaims,
  form: FormSubmission,
): Promise<{ submissionId: number; createdAt: Date }> {
  return withTenant(db, claims.clientId, async (tx) => {
    const submitter = await readSubmitter(tx, claims);
    const errors: Record<string, string[]> = {};

    let patient: SubmissionPatient | null = null;
    if (form.patient) {
      patient = await findPatient(tx, claims.clientId, form.patient.patientId);
      if (!patient) errors[form.patient.field] = [validation.patientUnknown];
    }

    const files: AttachedFile[] = [];
    for (const reference of form.files ?? []) {
      const result = await tx.execute<{
        file_name: string;
        file_extension: string;
        media_type: string;
        size_bytes: number;
        purpose: string;
      }>(sql`
        select file_name, file_extension, media_type, size_bytes, purpose from uploaded_files
        where client_id = ${claims.clientId} and id = ${reference.fileGuid} and submission_id is null
        for update`);
      const row = result.rows[0];
      if (!row) {
        errors[reference.field] = [validation.fileUnknown];
      } else if (!(reference.purposes as readonly string[]).includes(row.purpose)) {
        errors[reference.field] = [validation.fileTypeNotAllowed];
      } else {
        files.push({
          field: reference.field,
          fileGuid: reference.fileGuid,
          fileName: row.file_name,
          fileExtension: row.file_extension,
          mediaType: row.media_type,
          sizeBytes: row.size_bytes,
        });
      }
    }
    if (Object.keys(errors).length) throw fieldErrors(errors);

    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        clientId: claims.clientId,
        accountId: claims.accountId,
        submitterName: submitter.fullName,
        submitterEmail: submitter.emailAddress,
        kind: form.kind,
        payload: form.payload,
        status: 'New',
      })
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
    const { id: submissionId, createdAt } = submission!;

    for (const file of files) {
      await tx.execute(sql`
        update uploaded_files set submission_id = ${submissionId}
        where client_id = ${claims.clientId} and id = ${file.fileGuid}`);
    }

    const attachments: MailAttachment[] = files.map((file) => ({
      filename: file.fileName,
      contentType: file.mediaType,
      file: { clientId: claims.clientId, fileGuid: file.fileGuid },
    }));
    await enqueueMail(tx, {
      to: form.to,
      subject: oneLine(`${form.title} van ${submitter.clientName} (${submitter.clientCode}) via Mijn Spits`),
      text: submissionMailText(form, submitter, { submissionId, createdAt, patient, files }),
      attachments,
    });

    await writeAudit(tx, {
      action: 'FormSubmission',
      outcome: 'Success',
      accountId: claims.accountId,
      clientId: claims.clientId,
      objectType: 'FormSubmission',
      objectId: String(submissionId),
      patientIds: patient ? [patient.patientId] : null,
      address: form.address,
      details: { kind: form.kind, files: files.map((f) => f.fileGuid) },
    });
    return { submissionId, createdAt };
  });
}

function submissionMailText(
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
