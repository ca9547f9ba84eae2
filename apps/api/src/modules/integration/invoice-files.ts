import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'drizzle-orm';
import type { InvoiceFileType } from '@portal/contract';
import type { IntegrationReading, IntegrationWork } from '../../doors/integration.js';
import { HttpProblem } from '../../lib/problems.js';

/** What each file type must be, decided by its bytes (not by its name or the Content-Type header). */
const expected: Record<InvoiceFileType, { mime: string; label: string }> = {
  Pdf: { mime: 'application/pdf', label: 'PDF' },
  PdfDetails: { mime: 'application/pdf', label: 'PDF' },
  Excel: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' },
  ExcelDetails: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' },
};

export const MAX_INVOICE_FILE_BYTES = 20 * 1024 * 1024;

export interface InvoiceFileTarget {
  customer: string;
  /** the invoice's key */
  key: string;
  fileType: InvoiceFileType;
}

/** The customer's invoice of that key inside the transaction (its customer's rows seen from here on), or a 404. */
async function invoiceOf({ tx, forCustomer }: IntegrationReading, target: InvoiceFileTarget) {
  const [client] = (await tx.execute<{ id: string }>(sql`select id from clients where client_code = ${target.customer}`)).rows;
  if (!client) throw new HttpProblem(404, `Onbekende klant: ${target.customer}`);
  await forCustomer(client.id);
  const [invoice] = (await tx.execute<{ id: number }>(sql`select id from invoices where client_id = ${client.id} and external_key = ${target.key}`)).rows;
  if (!invoice) throw new HttpProblem(404, `Onbekende factuur: ${target.key}`);
  return { customerId: client.id, invoiceId: invoice.id, fileType: target.fileType };
}

/**
 * Keeps the provider's own file of an invoice: the customer downloads it instead of the rendered one. Stored in
 * PostgreSQL beside the invoice (under row-level security), replaced by a later upload of the same type.
 */
export async function putInvoiceFile(work: IntegrationWork, target: InvoiceFileTarget, body: Buffer) {
  if (body.length === 0) throw new HttpProblem(400, 'Het bestand is leeg');
  const detected = await fileTypeFromBuffer(body);
  const { tx } = work;
  const { customerId, invoiceId, fileType } = await invoiceOf(work, target);
  const want = expected[fileType];
  if (detected?.mime !== want.mime) throw new HttpProblem(415, `Een ${fileType}-bestand moet een ${want.label} zijn`);
  const sha256 = createHash('sha256').update(body).digest('hex');
  await tx.execute(sql`
    insert into invoice_files (client_id, invoice_id, file_type, media_type, content, sha256)
    values (${customerId}, ${invoiceId}, ${fileType}, ${want.mime}, ${body}, ${sha256})
    on conflict (client_id, invoice_id, file_type) do update
      set media_type = excluded.media_type, content = excluded.content, sha256 = excluded.sha256, created_at = now()`);
  await work.audit({
    action: 'Integration.InvoiceFile',
    customerId,
    objectType: 'Invoice',
    objectId: String(invoiceId),
    details: { integrationClientId: work.client.integrationClientId, fileType, sha256, bytes: body.length },
  });
  return { customer: target.customer, key: target.key, fileType, bytes: body.length, sha256 };
}

/** Removes the provider's file: the portal renders the invoice's file again. */
export async function deleteInvoiceFile(work: IntegrationWork, target: InvoiceFileTarget): Promise<void> {
  const { customerId, invoiceId, fileType } = await invoiceOf(work, target);
  const gone = await work.tx.execute(sql`delete from invoice_files where client_id = ${customerId} and invoice_id = ${invoiceId} and file_type = ${fileType}`);
  if (!gone.rowCount) throw new HttpProblem(404, 'Deze factuur heeft geen eigen bestand van dit type');
}

/** A whole (small) streamed body as bytes, refused with 413 beyond `limit` without reading further. */
export async function bytesOf(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > limit) {
      body.destroy();
      throw new HttpProblem(413, `Het bestand is groter dan ${limit / 1024 / 1024} MB`);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}
