import { sql } from 'drizzle-orm';
import { submissionReference, validation, type SubmissionReceipt } from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import { formSubmissions } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { oneLine } from '../../lib/mail.js';
import { fieldErrors, notFound } from '../../lib/problems.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { recordSubmissionCreated } from '../events/created-events.js';
import { selectPatients } from '../patients/patients.service.js';
import { submissionCopyMailText, submissionMailText } from './submissions.mails.js';
import type { AttachedFile, FormSubmission, SubmissionPatient, Submitter } from './submissions.model.js';

/** The logged-in account and its customer, as the submitter of a form. */
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
    where a.client_id = ${claims.customerId} and a.id = ${claims.accountId}`);
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
export async function findPatient(tx: Tx, customerId: string, patientId: number): Promise<SubmissionPatient | null> {
  const [patient] = await selectPatients(tx, sql`p.client_id = ${customerId} and p.id = ${patientId}`);
  return patient ?? null;
}

/**
 * The customer's patients a form's free text names by their full name (first and last name, with or without the
 * prefix; case and accents aside): a question or reason that names a patient is data of that patient, and its
 * audit row names them (NEN 7513). A name written otherwise (initials, a nickname) is not found.
 */
export async function patientsNamedIn(tx: Tx, customerId: string, texts: readonly string[]): Promise<number[]> {
  const text = texts.filter((t) => t.trim()).join('\n');
  if (!text) return [];
  const found = await tx.execute<{ id: number }>(sql`
    select p.id from patients p, portal_fold(${text}) as t(folded)
    where p.client_id = ${customerId}
      and (strpos(t.folded, portal_fold(concat_ws(' ', p.first_name, p.last_name))) > 0
        or strpos(t.folded, portal_fold(concat_ws(' ', p.first_name, nullif(p.name_prefix, ''), p.last_name))) > 0)
    order by p.id`);
  return found.rows.map((r) => Number(r.id));
}

/** The free texts of a form as sent: every text of its payload, for the patients it may name. */
const textsOf = (payload: Record<string, unknown>) => Object.values(payload).filter((value): value is string => typeof value === 'string');

/**
 * Stores a submission of the submitter's, as sent, with the uploads it uses (checked by the caller), and its event
 * for the provider's systems; answers its number and when it was received.
 */
export async function storeSubmission(
  { tx, claims }: Pick<UnitOfWork, 'tx' | 'claims'>,
  submitter: Submitter,
  kind: string,
  payload: Record<string, unknown>,
  fileGuids: readonly string[] = [],
): Promise<{ submissionId: number; createdAt: Date }> {
  const [submission] = await tx
    .insert(formSubmissions)
    .values({
      customerId: claims.customerId,
      accountId: claims.accountId,
      submitterName: submitter.fullName,
      submitterEmail: submitter.emailAddress,
      kind,
      payload,
      status: 'New',
    })
    .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
  if (!submission) throw new Error('submission not stored');
  for (const fileGuid of fileGuids) {
    await tx.execute(sql`
      update uploaded_files set submission_id = ${submission.id}
      where client_id = ${claims.customerId} and id = ${fileGuid}`);
  }
  await recordSubmissionCreated(tx, claims.customerId, submission.id);
  return { submissionId: submission.id, createdAt: submission.createdAt };
}

/**
 * Stores a form as a submission for the provider, ties its uploads to it, puts its mails in the outbox and writes
 * its audit row: all in the request's one transaction, so that nothing is stored without its mail, nor mailed
 * without being stored. The mails carry no patient data and no uploads: the provider's links to the item in the
 * back-office at `publicUrl`. A patient or upload that is not the customer's own (or no longer exists, or is
 * already used) is a 400 on its field, and nothing is stored.
 */
export async function submitForm(work: UnitOfWork, form: FormSubmission, publicUrl: string): Promise<SubmissionReceipt> {
  const { tx, claims } = work;
  const submitter = await readSubmitter(tx, claims);
  const errors: Record<string, string[]> = {};

  let patient: SubmissionPatient | null = null;
  if (form.patient) {
    patient = await findPatient(tx, claims.customerId, form.patient.patientId);
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
      where client_id = ${claims.customerId} and id = ${reference.fileGuid} and submission_id is null
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

  const { submissionId, createdAt } = await storeSubmission(work, submitter, form.kind, form.payload, files.map((file) => file.fileGuid));

  const reference = submissionReference(form.kind, submissionId, createdAt);
  const done = { submissionId, reference, createdAt, patient, files };
  await work.mail({
    to: form.to,
    subject: oneLine(`${form.title} van ${submitter.clientName} (${submitter.clientCode}) via Mijn Spits`),
    text: submissionMailText(form, submitter, done, publicUrl),
  });
  // The submitter's own copy: the reference and what happens next.
  await work.mail({
    to: submitter.emailAddress,
    subject: oneLine(`Ontvangen: ${form.title.toLowerCase()} ${reference}`),
    text: submissionCopyMailText(form, submitter, done),
  });

  const named = await patientsNamedIn(tx, claims.customerId, textsOf(form.payload));
  const patientIds = [...new Set([...(patient ? [patient.patientId] : []), ...named])];
  await work.audit({
    action: 'FormSubmission',
    objectType: 'FormSubmission',
    objectId: String(submissionId),
    patientIds: patientIds.length ? patientIds : null,
    details: { kind: form.kind, files: files.map((f) => f.fileGuid) },
  });
  // An upload was made before its form named a patient: once tied to the form, the upload's own row names them.
  for (const file of patientIds.length ? files : []) {
    await work.audit({
      action: 'UploadAttached',
      objectType: 'UploadedFile',
      objectId: file.fileGuid,
      objectReference: file.fileName,
      patientIds,
      details: { submissionId, field: file.field },
    });
  }
  return { submissionId, reference };
}
