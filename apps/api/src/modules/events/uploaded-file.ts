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
  const result = await reading.tx.execute<{ file_name: string; media_type: string; content: Buffer; submission_id: number; kind: string; payload: Record<string, unknown> }>(sql`
    select f.file_name, f.media_type, f.content, f.submission_id, s.kind, s.payload
    from uploaded_files f join form_submissions s on s.client_id = f.client_id and s.id = f.submission_id
    where f.client_id = ${customerId} and f.id = ${fileId}`);
  const file = result.rows[0];
  if (!file) throw notFound();
  const field = (patientFields as Record<string, string | undefined>)[file.kind];
  const patientId = field ? file.payload[field] : undefined;
  reading.audit({
    action: 'Integration.FileRead',
    customerId,
    patientIds: typeof patientId === 'number' ? [patientId] : null,
    objectType: 'UploadedFile',
    objectId: fileId,
    details: { submissionId: Number(file.submission_id) },
  });
  return { fileName: file.file_name, contentType: file.media_type, body: file.content };
}
