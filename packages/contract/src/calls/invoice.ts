import { z } from 'zod';
import { controller, defineCall } from '../define.js';
import { validation as v } from '../messages.js';
import { invoiceFileType, invoicePaymentStatuses, type InvoiceFileType } from '../enums.js';
import { parseInvoicePeriod } from '../invoice-period.js';
import { isoDate, requiredEnum, requiredText } from '../fields.js';
import { tableCall } from '../table.js';

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

/*
 * Not in the spec (issue 14, point 2): the invoices of a month, quarter or year as one ZIP, in the file types
 * chosen, each file named as its single download is. Ours, kept apart from `calls` (the spec's own): a server of
 * the spec alone answers 404, and the web app then offers the single downloads only. A period without invoices
 * is a 422, so that a 404 keeps meaning "no such call".
 */
export const invoiceBundleText = {
  periodRequired: 'Kies een periode',
  periodInvalid: 'Kies een maand (2026-03), een kwartaal (2026-Q1) of een jaar (2026)',
  fileTypesRequired: 'Kies ten minste één bestandstype',
  noInvoices: 'Er zijn geen facturen in deze periode. Kies een andere periode.',
} as const;

/** 'Pdf,ExcelDetails' (or the parameter repeated): each type once, in the order of the enumeration. */
const fileTypeList = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z
    .string({ error: invoiceBundleText.fileTypesRequired })
    .max(200, v.invalidValue)
    .transform((text, ctx) => {
      const named = text.split(',').map((part) => part.trim()).filter(Boolean);
      const unknown = named.filter((name) => !invoiceFileType.options.includes(name as InvoiceFileType));
      if (unknown.length > 0 || named.length === 0) {
        ctx.addIssue({ code: 'custom', message: unknown.length > 0 ? v.invalidValue : invoiceBundleText.fileTypesRequired });
        return z.NEVER;
      }
      return invoiceFileType.options.filter((type) => named.includes(type));
    }),
);

export const downloadInvoiceBundleQuery = z.object({
  /** '2026' (a year), '2026-Q1' (a quarter) or '2026-03' (a month) */
  Period: z
    .string({ error: invoiceBundleText.periodRequired })
    .trim()
    .min(1, invoiceBundleText.periodRequired)
    .max(20, invoiceBundleText.periodInvalid)
    .transform((text, ctx) => {
      const period = parseInvoicePeriod(text);
      if (!period) {
        ctx.addIssue({ code: 'custom', message: invoiceBundleText.periodInvalid });
        return z.NEVER;
      }
      return period;
    }),
  /** 'Pdf', 'PdfDetails', 'Excel', 'ExcelDetails', separated by commas */
  FileTypes: fileTypeList,
});

export const downloadInvoiceBundle = defineCall({
  controller: 'Invoice',
  action: 'DownloadInvoiceBundle',
  method: 'GET',
  query: downloadInvoiceBundleQuery,
  response: 'file',
  extraStatuses: [422],
  summary:
    "Not in the spec: the customer's invoices of a period as one ZIP (streamed), in the chosen file types, named as the single downloads; 422 when the period has none.",
});
