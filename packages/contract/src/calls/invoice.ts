import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { invoiceFileType } from '../enums.js';
import { isoDate, requiredEnum, requiredText } from '../fields.js';
import { tableCall } from '../table.js';
import { invoicePaymentStatuses } from '../integration/rows.js';

export const invoiceTableColumns = ['processedMonth', 'clientCode', 'invoiceAmount'] as const;
export type InvoiceTableColumn = (typeof invoiceTableColumns)[number];

export const invoiceRow = z.object({
  /** The invoiced month as the ISO date of its first day, `YYYY-MM-01`. */
  processedMonth: isoDate().refine((s) => s.endsWith('-01'), v.invalidDate),
  clientCode: z.string(),
  /** In euro. */
  invoiceAmount: z.number(),
  /** The number on the invoice (added by issue 13). */
  invoiceNumber: z.string(),
  /** Paid or open, when the provider's invoicing says so; null when it is not known. */
  paymentStatus: z.enum(invoicePaymentStatuses).nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const downloadInvoiceFileQuery = z.object({
  /** `YYYY-MM-DD`; the row's `processedMonth`. Any day names its month. */
  ProcessedMonth: isoDate(v.required),
  ClientCode: requiredText(v.required, 50),
  FileType: requiredEnum(invoiceFileType.options, v.required),
});

export const invoiceCalls = controller('Invoice', {
  getInvoiceTable: tableCall({
    columns: invoiceTableColumns,
    row: invoiceRow,
    summary: "One page of the customer's invoices.",
  }),
  downloadInvoiceFile: {
    method: 'GET',
    query: downloadInvoiceFileQuery,
    response: 'file',
    summary: 'Download one invoice as Pdf, PdfDetails, Excel or ExcelDetails; the name is in Content-Disposition.',
  },
});
