import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOICE_LAYOUT_VERSION, renderInvoiceFile } from './invoice-files.js';
import type { InvoiceDocument } from './invoice-document.js';
import { invoiceTotals } from './invoice-totals.js';
import { demoSupplier } from './supplier.js';

/**
 * The SHA-256 of each file of one fixed invoice, rendered at a fixed moment, under the layout version that made
 * them. Kept renderings are served while their layout version is the current one (decision 0034); when this test
 * fails, the renderers write other bytes than before (a change of layout, labels or of pdfkit or exceljs): raise
 * INVOICE_LAYOUT_VERSION in invoice-files.ts and record the new hashes under it here.
 */
const renderedUnder: Record<number, Record<string, string>> = {
  1: {
    Pdf: '5a9b34f9d9c13853ac2da165170f2d055a3219d30077b8ce2b02bcc1121e7409',
    PdfDetails: 'b11bd258a4b8b3edb15a9c563bf4a803f792ec7401f01d1a88312d86d3faaad5',
    Excel: '539a2290263d4c51e55ca51aedd0c63a3e774aecb57b15be81a4ec0f248f708b',
    ExcelDetails: 'dffea5c711e8e5673480d66347fd79abb7e2b60d2a971c6b5ce0396ace20e79a',
  },
};

const doc: InvoiceDocument = {
  id: 1,
  invoiceNumber: '2026-000001',
  invoiceDate: '2026-02-01',
  dueDate: '2026-03-03',
  paymentStatus: null,
  processedMonth: '2026-01-01',
  clientCode: 'APO-1',
  clientName: 'Apotheek',
  clientAddress: ['Straat 1', '1234 AB Stad'],
  storedAmountCents: 1390,
  lines: [{ lineNo: 1, departmentName: 'Afdeling A', description: 'Rollen', quantity: 3, unitPrice: 42500n, vatRate: 900, netCents: 1275 }],
  totals: invoiceTotals([{ quantity: 3, unitPrice: '4.2500', vatRate: '9.00' }]),
};

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-02T03:04:05Z') });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the layout version of kept invoice files', () => {
  it.each(['Pdf', 'PdfDetails', 'Excel', 'ExcelDetails'] as const)('%s renders as recorded for the current layout version', async (fileType) => {
    const { body } = await renderInvoiceFile(doc, fileType, demoSupplier);
    expect(
      createHash('sha256').update(body).digest('hex'),
      `the ${fileType} rendering changed: raise INVOICE_LAYOUT_VERSION and record the new hashes`,
    ).toBe(renderedUnder[INVOICE_LAYOUT_VERSION]?.[fileType]);
  });
});
