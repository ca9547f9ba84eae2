import ExcelJS from 'exceljs';
import { dutchDate } from '../../lib/dutch-dates.js';
import { monthLabel } from '../../lib/dutch-format.js';
import type { InvoiceDocument } from './invoice-document.js';
import { labels } from './invoice-labels.js';
import type { Supplier } from './supplier.js';

// Excel shows these with the reader's own separators: 1.234,56 in a Dutch Excel.
const EURO = '"€" #,##0.00;"€" -#,##0.00';
const UNIT_PRICE = '"€" #,##0.00##;"€" -#,##0.00##';
const percentFormat = (hundredths: number) => (hundredths % 100 === 0 ? '0%' : '0.0#%');

const euros = (cents: number) => cents / 100;
/** hundredths of a percent → the fraction Excel keeps for a percentage (2100 → 0.21) */
const fraction = (hundredths: number) => hundredths / 10_000;

const LINES_SHEET = labels.lines;
/** The columns of the lines sheet that formulas refer to. */
const col = { quantity: 'D', unitPrice: 'E', vatRate: 'F', net: 'G' } as const;
/** The absolute range of one column's lines on the lines sheet, as another sheet refers to it. */
type LinesColumn = (column: string) => string;

function bold(row: ExcelJS.Row) {
  row.eachCell((cell) => {
    cell.font = { bold: true };
  });
}

/**
 * The overview sheet: who, which month, and per VAT rate the amount excluding VAT, the VAT and the amount
 * including it, with their totals. With a lines sheet, the amount per rate is a SUMIF over it, so the
 * overview follows any change a reader makes to the lines; every formula carries its computed result too.
 */
function fillOverview(sheet: ExcelJS.Worksheet, doc: InvoiceDocument, supplier: Supplier, title: string, linesColumn: LinesColumn | null) {
  sheet.columns = [{ width: 22 }, { width: 20 }, { width: 16 }, { width: 20 }];
  sheet.addRow([supplier.name]).font = { bold: true, size: 16 };
  sheet.addRow([title]).font = { bold: true, size: 12 };
  sheet.addRow([]);
  const facts: [string, string][] = [
    [labels.supplier, supplier.name],
    [labels.address, `${supplier.address}, ${supplier.postalCode} ${supplier.city}`],
    [labels.kvk, supplier.kvkNumber],
    [labels.vatNumber, supplier.vatNumber],
    [labels.iban, supplier.iban],
    [labels.email, supplier.email],
    ['', ''],
    [labels.client, doc.clientName],
    [labels.address, doc.clientAddress.join(', ')],
    [labels.clientCode, doc.clientCode],
    [labels.invoiceNumber, doc.invoiceNumber],
    [labels.invoiceDate, dutchDate(doc.invoiceDate) ?? doc.invoiceDate],
    [labels.dueDate, dutchDate(doc.dueDate) ?? doc.dueDate],
    [labels.month, monthLabel(doc.processedMonth)],
  ];
  if (doc.paymentStatus) facts.push([labels.paymentStatus, labels.paymentStatuses[doc.paymentStatus]]);
  for (const [label, value] of facts) {
    if (label === '' || value !== '') sheet.addRow(label === '' ? [] : [label, value]);
  }
  sheet.addRow([]);
  bold(sheet.addRow([labels.vatRate, labels.net, labels.vat, labels.gross]));

  let first = 0;
  let last = 0;
  for (const rate of doc.totals.byRate) {
    const row = sheet.addRow([fraction(rate.rate)]);
    const r = row.number;
    const net = euros(rate.netCents);
    row.getCell(2).value = linesColumn ? { formula: `SUMIF(${linesColumn(col.vatRate)},A${r},${linesColumn(col.net)})`, result: net } : net;
    row.getCell(3).value = { formula: `ROUND(B${r}*A${r},2)`, result: euros(rate.vatCents) };
    row.getCell(4).value = { formula: `B${r}+C${r}`, result: euros(rate.netCents + rate.vatCents) };
    row.getCell(1).numFmt = percentFormat(rate.rate);
    for (const c of [2, 3, 4]) row.getCell(c).numFmt = EURO;
    first ||= r;
    last = r;
  }
  const { totals } = doc;
  const sum = (column: string, result: number) =>
    first ? { formula: `SUM(${column}${first}:${column}${last})`, result } : result;
  const total = sheet.addRow([
    labels.total,
    sum('B', euros(totals.netCents)),
    sum('C', euros(totals.vatCents)),
    sum('D', euros(totals.grossCents)),
  ]);
  bold(total);
  for (const c of [2, 3, 4]) {
    total.getCell(c).numFmt = EURO;
    total.getCell(c).border = { top: { style: 'thin' } };
  }
  if (doc.lines.length === 0) sheet.addRow([labels.noLines]);
}

/** Every line as numbers a reader can compute with; the amount is a formula of quantity and price. */
function fillLines(sheet: ExcelJS.Worksheet, doc: InvoiceDocument): LinesColumn {
  sheet.columns = [
    { header: labels.facility, width: 30 },
    { header: labels.lineNo, width: 8 },
    { header: labels.description, width: 48 },
    { header: labels.quantity, width: 10 },
    { header: labels.unitPrice, width: 16 },
    { header: labels.vatRate, width: 12 },
    { header: labels.net, width: 18 },
  ];
  bold(sheet.getRow(1));
  let last = 1;
  for (const line of doc.lines) {
    const row = sheet.addRow([
      line.departmentName ?? labels.customerWide,
      line.lineNo,
      line.description,
      line.quantity,
      Number(line.unitPrice) / 10_000,
      fraction(line.vatRate),
    ]);
    last = row.number;
    row.getCell(7).value = { formula: `ROUND(${col.quantity}${last}*${col.unitPrice}${last},2)`, result: euros(line.netCents) };
    row.getCell(5).numFmt = UNIT_PRICE;
    row.getCell(6).numFmt = percentFormat(line.vatRate);
    row.getCell(7).numFmt = EURO;
  }
  sheet.autoFilter = { from: 'A1', to: `G${last}` };
  const total = sheet.addRow([
    labels.totalNet,
    null,
    null,
    null,
    null,
    null,
    last >= 2 ? { formula: `SUM(G2:G${last})`, result: euros(doc.totals.netCents) } : 0,
  ]);
  bold(total);
  total.getCell(7).numFmt = EURO;
  // The range ends above the total row, so that SUMIF never counts it.
  return (column) => `'${LINES_SHEET}'!$${column}$2:$${column}$${Math.max(last, 2)}`;
}

/** The invoice as an Excel workbook: the overview, and with `withLines` a sheet of every line. */
export async function renderInvoiceWorkbook(doc: InvoiceDocument, supplier: Supplier, withLines: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = supplier.name;
  workbook.title = `${labels.invoice} ${doc.invoiceNumber} ${doc.clientCode} ${monthLabel(doc.processedMonth)}`;
  const overview = workbook.addWorksheet(labels.overview, { views: [{ showGridLines: false }] });
  if (withLines) {
    const lines = workbook.addWorksheet(LINES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
    fillOverview(overview, doc, supplier, labels.specification, fillLines(lines, doc));
  } else {
    fillOverview(overview, doc, supplier, labels.invoice, null);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
