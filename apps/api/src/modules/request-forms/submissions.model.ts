import type { PatientSearchResult, UploadPurpose } from '@portal/contract';

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

/** A patient a form refers to: as the patient search shows it. */
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

/**
 * A value no mail carries, as a mailbox is no patient file (decision 0079): the form's patient, an upload (a roll
 * file, a photo of a bag), or text the customer typed freely, which may name a patient. The mail says whether it
 * was given and where to read it.
 */
export interface Withheld {
  withheld: 'patient' | 'text' | 'file';
  given: boolean;
  /** what the line says when nothing was given; '-' unless said */
  none?: string;
}

/** One line of the form's mails: a label and its value (multi-line values are indented under it). */
export type MailLine = readonly [label: string, value: string | null | undefined | Withheld];

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
  /** The content of the mails, built once the patient and the uploads are known. */
  lines: (context: { patient: SubmissionPatient | null; files: AttachedFile[] }) => readonly MailLine[];
}
