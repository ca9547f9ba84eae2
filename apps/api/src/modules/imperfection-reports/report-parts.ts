import type { Db } from '../../db/database.js';
import type { AccessClaims } from '../../lib/crypto.js';
import type { AttachedFile, SubmissionFileReference, SubmissionPatient } from '../../lib/submissions.js';
import { dutchDate } from '../../lib/dutch-dates.js';

/** What every report needs besides its payload. */
export interface ReportContext {
  db: Db;
  claims: AccessClaims;
  /** the requester's network address, for the audit trail */
  address: string;
  /** the provider's quality department, which handles imperfection reports */
  qualityMailAddress: string;
}

/** The photo a report refers to, if any: an upload of the customer's own, made as a photo. */
export function photoReference(imageGuid: string | null | undefined): SubmissionFileReference[] {
  return imageGuid ? [{ field: 'imageGuid', fileGuid: imageGuid, purposes: ['Photo'] }] : [];
}

export function patientReference(patientId: number | null | undefined) {
  return patientId ? { field: 'patientId', patientId } : null;
}

/** 'Jan Jansen (geboren 1 mei 1940, Afdeling A)' */
export function patientText(patient: SubmissionPatient | null): string | null {
  return patient ? `${patient.patientName} (geboren ${dutchDate(patient.birthDate)}, ${patient.facility})` : null;
}

/** The photo as the mail names it; its type is the stored upload's, never what the client said. */
export function photoText(files: readonly AttachedFile[]): string {
  const photo = files.find((file) => file.field === 'imageGuid');
  return photo ? `${photo.fileName} (bijgevoegd)` : 'Geen foto';
}
