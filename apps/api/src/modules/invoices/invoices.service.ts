import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceFileType } from '@portal/contract';
import { notFound } from '../../lib/problems.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { loadInvoice, type InvoiceDocument } from './invoice-document.js';
import { invoiceFile } from './invoice-files.js';
import type { Supplier } from './supplier.js';

export interface InvoiceFileRequest {
  /** any day of the invoice's month */
  processedMonth: string;
  clientCode: string;
  fileType: InvoiceFileType;
}

/**
 * The invoice's file of the asked type, made now from its stored lines. A month without an invoice (or another
 * customer's code) is a 404 with its trace in the audit trail; a file handed out is traced once it exists.
 */
export async function downloadInvoiceFile(
  { tx, claims, audit }: UnitOfWork,
  asked: InvoiceFileRequest,
  supplier: Supplier,
  log: FastifyBaseLogger,
) {
  // Any day names its month; invoices are stored under the month's first day.
  const month = `${asked.processedMonth.slice(0, 7)}-01`;
  audit.onRefusal(() => ({
    action: 'InvoiceDownload',
    objectType: 'Invoice',
    details: { reason: 'not-found', processedMonth: month, clientCode: asked.clientCode, fileType: asked.fileType },
  }));
  const invoice = await loadInvoice(tx, claims.clientId, month, asked.clientCode, supplier.paymentTermDays);
  if (!invoice) throw notFound();
  warnOnAmountMismatch(invoice, log);
  const file = await invoiceFile(tx, claims.clientId, invoice, asked.fileType, supplier);
  // Written once the file exists: the trail records what was handed out.
  await audit({
    action: 'InvoiceDownload',
    objectType: 'Invoice',
    objectId: String(invoice.id),
    details: { processedMonth: month, fileType: asked.fileType, source: file.source },
  });
  return file;
}

/** The table would show another total than the file: the invoice's data needs repair, the file is still right. */
export function warnOnAmountMismatch(invoice: InvoiceDocument, log: FastifyBaseLogger) {
  if (invoice.storedAmountCents === invoice.totals.grossCents) return;
  log.warn({ invoiceId: invoice.id, stored: invoice.storedAmountCents, fromLines: invoice.totals.grossCents }, 'invoice amount differs from the sum of its lines');
}
