import { sql } from 'drizzle-orm';
import type { IntegrationReading } from '../../doors/integration.js';
import type { FileAnswer } from '../../lib/http.js';
import { notFound } from '../../lib/problems.js';
import { patientFields } from '../inbox/inbox-items.js';

/**
 * A file a customer uploaded with a submission, as a `submission.created` event links it (issue 29.1). Only a
 * file a submission uses; its read is audited with the submission's patient, as the back-office's download is.
 */
export async function uploadedFileOf(reading: IntegrationReading, fileId: string): Promise<FileAnswer> {
  const owner = await reading.tx.execute<{ customer_id: string | null }>(sql`select portal_upload_customer(${fileId}) as customer_id`);
  const customerId = owner.rows[0]?.customer_id;
  if (!customerId) throw notFound();
  await reading.forCustomer(customerId);
  // A form's own file, or one of an item's thread (an answer's, a reply's): its submission, where it has one, names the patient.
  const result = await reading.tx.execute<{ file_name: string; media_type: string; content: Buffer; submission_id: number | null; kind: string | null; payload: Record<string, unknown> | null }>(sql`
    select f.file_name, f.media_type, f.content, s.id as submission_id, s.kind, s.payload
    from uploaded_files f
    left join inbox_events e on e.client_id = f.client_id and e.id = f.inbox_event_id
    left join form_submissions s on s.client_id = f.client_id
      and s.id = coalesce(f.submission_id, case when e.item_kind = 'Submission' then e.item_id end)
    where f.client_id = ${customerId} and f.id = ${fileId} and (f.submission_id is not null or f.inbox_event_id is not null)`);
  const file = result.rows[0];
  if (!file) throw notFound();
  const field = file.kind ? (patientFields as Record<string, string | undefined>)[file.kind] : undefined;
  const patientId = field ? file.payload?.[field] : undefined;
  reading.audit({
    action: 'Integration.FileRead',
    customerId,
    patientIds: typeof patientId === 'number' ? [patientId] : null,
    objectType: 'UploadedFile',
    objectId: fileId,
    details: { submissionId: file.submission_id === null ? null : Number(file.submission_id) },
  });
  return { fileName: file.file_name, contentType: file.media_type, body: file.content };
}
