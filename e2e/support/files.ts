import path from 'node:path';
import { createRequire } from 'node:module';
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
// pdfjs reads the metrics of the built-in PDF fonts from here (without them it warns on every page).
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of a PDF, page after page, as a PDF reader extracts it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A cell's number, whether it holds a value or a formula with its computed result. */
export function cellNumber(cell: ExcelJS.Cell): number | undefined {
  const value = cell.value;
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'number') return value.result;
  return undefined;
}

/** The numbers of the row whose first cell says `label` (e.g. 'Totaal'), left to right. */
export function numbersOfRow(sheet: ExcelJS.Worksheet, label: string): number[] {
  const numbers: number[] = [];
  sheet.eachRow((row) => {
    if (row.getCell(1).value !== label) return;
    row.eachCell((cell) => {
      const n = cellNumber(cell);
      if (n !== undefined) numbers.push(n);
    });
  });
  return numbers;
}

export type InvoiceFileKind = 'Pdf' | 'PdfDetails' | 'Excel' | 'ExcelDetails';

/**
 * Downloads one file of an invoice through its row's "Downloaden" menu (`scope`: the row, the card or the page)
 * and hands back the browser's download; with `tap`, as a finger on a phone would.
 */
export async function downloadInvoice(page: Page, scope: Locator | Page, month: string, item: string, tap = false): Promise<Download> {
  const button = scope.getByRole('button', { name: `Factuur ${month} downloaden`, exact: true });
  await (tap ? button.tap() : button.click());
  const entry = page.getByRole('menu').getByRole('menuitem', { name: item, exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), tap ? entry.tap() : entry.click()]);
  return download;
}

/** The four files in an invoice row's download menu: their label, and the file each one gives. */
export const invoiceFiles: { kind: InvoiceFileKind; button: string; details: boolean; extension: 'pdf' | 'xlsx' }[] = [
  { kind: 'Pdf', button: 'PDF', details: false, extension: 'pdf' },
  { kind: 'PdfDetails', button: 'PDF specificatie', details: true, extension: 'pdf' },
  { kind: 'Excel', button: 'Excel', details: false, extension: 'xlsx' },
  { kind: 'ExcelDetails', button: 'Excel specificatie', details: true, extension: 'xlsx' },
];

/** 'Factuur APO-1001 2026-10.pdf', 'Factuur APO-1001 2026-10 specificatie.xlsx' */
export const invoiceFileName = (clientCode: string, processedMonth: string, file: (typeof invoiceFiles)[number]) =>
  `Factuur ${clientCode} ${processedMonth.slice(0, 7)}${file.details ? ' specificatie' : ''}.${file.extension}`;
