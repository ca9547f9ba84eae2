import { sql } from 'drizzle-orm';
import type { FileAnswer } from '../../lib/http.js';
import { notFound } from '../../lib/problems.js';
import type { TenantReading } from '../../lib/unit-of-work.js';
import { patientFields } from '../inbox/inbox-items.js';

/**
 * A file of one of the customer's own threads: an answer's attachment or one sent with a reply. Files of a form
 * itself are not served back (the customer has them); the read is audited with the item's patient.
 */
export async function threadFile({ tx, claims, audit }: TenantReading, fileId: string): Promise<FileAnswer> {
  const result = await tx.execute<{ file_name: string; media_type: string; content: Buffer; item_kind: string; item_id: number; kind: string | null; payload: Record<string, unknown> | null }>(sql`
    select f.file_name, f.media_type, f.content, e.item_kind, e.item_id, s.kind, s.payload
    from uploaded_files f
    join inbox_events e on e.client_id = f.client_id and e.id = f.inbox_event_id
    left join form_submissions s on e.item_kind = 'Submission' and s.client_id = e.client_id and s.id = e.item_id
    where f.client_id = ${claims.customerId} and f.id = ${fileId}`);
  const file = result.rows[0];
  if (!file) throw notFound();
  const field = file.kind ? (patientFields as Record<string, string | undefined>)[file.kind] : undefined;
  const patientId = field ? file.payload?.[field] : undefined;
  audit({
    action: 'MyRequestFileRead',
    objectType: 'UploadedFile',
    objectId: fileId,
    patientIds: typeof patientId === 'number' ? [patientId] : null,
    details: { itemKind: file.item_kind, itemId: Number(file.item_id) },
  });
  return { fileName: file.file_name, contentType: file.media_type, body: file.content };
}
