import { sql } from 'drizzle-orm';
import type { InvoiceFileType } from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import type { InvoiceDocument } from './invoice-document.js';
import { renderInvoiceWorkbook } from './invoice-excel.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { Supplier } from './supplier.js';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const kinds: Record<InvoiceFileType, { withLines: boolean; contentType: string; extension: string }> = {
  Pdf: { withLines: false, contentType: PDF, extension: 'pdf' },
  PdfDetails: { withLines: true, contentType: PDF, extension: 'pdf' },
  Excel: { withLines: false, contentType: XLSX, extension: 'xlsx' },
  ExcelDetails: { withLines: true, contentType: XLSX, extension: 'xlsx' },
};

/** 'Factuur APO-1001 2026-03.pdf', 'Factuur APO-1001 2026-03 specificatie.xlsx' */
export function invoiceFileName(doc: Pick<InvoiceDocument, 'clientCode' | 'processedMonth'>, type: InvoiceFileType): string {
  const kind = kinds[type];
  return `Factuur ${doc.clientCode} ${doc.processedMonth.slice(0, 7)}${kind.withLines ? ' specificatie' : ''}.${kind.extension}`;
}

/** The invoice's file of the asked type, made now from its stored lines. */
export async function renderInvoiceFile(doc: InvoiceDocument, type: InvoiceFileType, supplier: Supplier) {
  const kind = kinds[type];
  const body =
    kind.contentType === PDF ? await renderInvoicePdf(doc, supplier, kind.withLines) : await renderInvoiceWorkbook(doc, supplier, kind.withLines);
  return { fileName: invoiceFileName(doc, type), contentType: kind.contentType, body };
}

/** The file the provider's invoicing sent for this invoice and type, if any. */
export async function providedInvoiceFile(tx: Tx, clientId: string, invoiceId: number, type: InvoiceFileType) {
  const found = await tx.execute<{ media_type: string; content: Buffer }>(sql`
    select media_type, content from invoice_files where client_id = ${clientId} and invoice_id = ${invoiceId} and file_type = ${type}`);
  const row = found.rows[0];
  return row ? { contentType: row.media_type, body: row.content } : null;
}

/**
 * The file of one invoice as every download hands it out: the provider's own file of this invoice and type when
 * its invoicing sent one (issue 11), else the portal's rendering; named alike either way.
 */
export async function invoiceFile(tx: Tx, clientId: string, doc: InvoiceDocument, type: InvoiceFileType, supplier: Supplier) {
  const provided = await providedInvoiceFile(tx, clientId, doc.id, type);
  if (provided) return { fileName: invoiceFileName(doc, type), ...provided, source: 'provider' as const };
  return { ...(await renderInvoiceFile(doc, type, supplier)), source: 'rendered' as const };
}
