import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceFileType } from '@portal/contract';
import { entityTag, ifNoneMatchNames, ifNoneMatchTags, type FileAnswer } from '../../lib/http.js';
import { notFound } from '../../lib/problems.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { invoiceFile } from './invoice-files.js';
import type { Supplier } from './supplier.js';

/** The SHA-256 (hex) one of our tags names; none for a tag that is not exactly one of ours. */
function sha256OfTag(tag: string): string[] {
  if (!/^"[\w-]{43}"$/.test(tag)) return [];
  const hex = Buffer.from(tag.slice(1, -1), 'base64url').toString('hex');
  return entityTag(hex) === tag ? [hex] : [];
}

export interface InvoiceFileRequest {
  /** any day of the invoice's month */
  processedMonth: string;
  clientCode: string;
  fileType: InvoiceFileType;
  /** the request's If-None-Match header: the tags of the copies the browser holds */
  ifNoneMatch?: string | string[];
}

/**
 * The invoice's file of the asked type, as kept or rendered now (invoice-files.ts), with its entity tag. A month
 * without an invoice (or another customer's code) is a 404 with its trace in the audit trail; a file handed out
 * is traced once it exists, and so is a copy the browser revalidates (a 304, for which the bytes are not even
 * read): the person sees the invoice again.
 */
export async function downloadInvoiceFile(
  { tx, claims, audit }: UnitOfWork,
  asked: InvoiceFileRequest,
  supplier: Supplier,
  log: FastifyBaseLogger,
): Promise<FileAnswer> {
  // Any day names its month; invoices are stored under the month's first day.
  const month = `${asked.processedMonth.slice(0, 7)}-01`;
  audit.onRefusal(() => ({
    action: 'InvoiceDownload',
    objectType: 'Invoice',
    details: { reason: 'not-found', processedMonth: month, clientCode: asked.clientCode, fileType: asked.fileType },
  }));
  const named = ifNoneMatchTags(asked.ifNoneMatch);
  const copies = { any: named.any, sha256: named.tags.flatMap(sha256OfTag) };
  const file = await invoiceFile(tx, claims.customerId, { month, clientCode: asked.clientCode, fileType: asked.fileType }, supplier, log, copies);
  if (!file) throw notFound();
  const etag = entityTag(file.sha256);
  const revalidated = ifNoneMatchNames(asked.ifNoneMatch, etag);
  // The bytes are left unread only when the browser holds them: registerCall answers that with a 304.
  if (!file.body && !revalidated) throw new Error('an invoice file held by the browser without a matching If-None-Match');
  // Written once the file exists: the trail records what was handed out (or confirmed to the browser's copy).
  await audit({
    action: 'InvoiceDownload',
    objectType: 'Invoice',
    objectId: String(file.invoiceId),
    details: { processedMonth: month, fileType: asked.fileType, source: file.source, ...(revalidated ? { revalidated: true } : {}) },
  });
  return { fileName: file.fileName, contentType: file.contentType, body: file.body ?? Buffer.alloc(0), etag };
}
