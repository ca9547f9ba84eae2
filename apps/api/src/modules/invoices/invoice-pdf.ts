import { dutchDate } from '../../lib/dutch-dates.js';
import { formatEuro, formatRate, formatUnitPrice, monthLabel } from '../../lib/dutch-format.js';
import { linesByDepartment, type InvoiceDocument, type InvoiceLine } from './invoice-document.js';
import { labels } from './invoice-labels.js';
import {
  GREY,
  LEFT,
  PAGE_HEIGHT,
  RIGHT,
  WIDTH,
  artifact,
  group,
  pageBreakIfNeeded,
  printable,
  rule,
  tagged,
  taggedPdf,
  type Pdf,
  type Struct,
} from './pdf-kit.js';
import type { Supplier } from './supplier.js';

export { printable } from './pdf-kit.js';

/** x and width of the line columns: description, quantity, unit price, VAT rate, amount. */
const columns = [
  { x: LEFT, width: 205, align: 'left' as const },
  { x: LEFT + 213, width: 48, align: 'right' as const },
  { x: LEFT + 269, width: 78, align: 'right' as const },
  { x: LEFT + 355, width: 40, align: 'right' as const },
  { x: LEFT + 403, width: WIDTH - 403, align: 'right' as const },
];

const FACTS_X = LEFT + 280;

/** The supplier's name, address and registrations; the customer's name and address; the invoice's facts. */
function drawHeader(pdf: Pdf, root: Struct, doc: InvoiceDocument, supplier: Supplier, title: string) {
  tagged(pdf, root, 'H1', () => pdf.font('Helvetica-Bold').fontSize(20).fillColor('black').text(title, LEFT, 50, { width: WIDTH, align: 'right' }));
  tagged(pdf, root, 'P', () => {
    pdf.font('Helvetica-Bold').fontSize(14).fillColor('black').text(printable(supplier.name), LEFT, 52, { width: 300 });
    pdf.font('Helvetica').fontSize(9).fillColor(GREY);
    for (const line of [
      supplier.address,
      `${supplier.postalCode} ${supplier.city}`,
      `${labels.kvk} ${supplier.kvkNumber} · ${labels.vatNumber} ${supplier.vatNumber}`,
      `${labels.iban} ${supplier.iban} · ${supplier.email}`,
    ]) {
      pdf.text(printable(line), LEFT, pdf.y, { width: 300 });
    }
  });
  pdf.y = Math.max(pdf.y, 120) + 10;
  rule(pdf);

  const top = pdf.y + 6;
  tagged(pdf, root, 'P', () => {
    pdf.font('Helvetica').fontSize(9).fillColor(GREY).text(labels.to, LEFT, top, { width: 240 });
    pdf.font('Helvetica-Bold').fontSize(10).fillColor('black').text(printable(doc.clientName), LEFT, pdf.y + 2, { width: 240 });
    pdf.font('Helvetica');
    for (const line of doc.clientAddress) pdf.text(printable(line), LEFT, pdf.y, { width: 240 });
  });
  const leftBottom = pdf.y;

  const facts: [string, string][] = [
    [labels.invoiceNumber, printable(doc.invoiceNumber)],
    [labels.invoiceDate, dutchDate(doc.invoiceDate) ?? doc.invoiceDate],
    [labels.dueDate, dutchDate(doc.dueDate) ?? doc.dueDate],
    [labels.clientCode, printable(doc.clientCode)],
    [labels.month, monthLabel(doc.processedMonth)],
  ];
  const table = group(pdf, root, 'Table');
  let y = top;
  for (const [label, value] of facts) {
    const row = group(pdf, table, 'TR');
    tagged(pdf, row, 'TH', () => pdf.font('Helvetica').fontSize(10).fillColor(GREY).text(label, FACTS_X, y, { width: 100 }));
    tagged(pdf, row, 'TD', () => pdf.fillColor('black').text(value, FACTS_X + 100, y, { width: RIGHT - FACTS_X - 100 }));
    row.end();
    y += 15;
  }
  table.end();
  pdf.y = Math.max(y, leftBottom) + 18;
}

function amountRow(pdf: Pdf, table: Struct, label: string, amount: string, bold = false) {
  const y = pdf.y;
  const row = group(pdf, table, 'TR');
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
  tagged(pdf, row, 'TH', () => pdf.text(label, LEFT, y, { width: 330 }));
  tagged(pdf, row, 'TD', () => pdf.text(amount, RIGHT - 150, y, { width: 150, align: 'right' }));
  row.end();
  pdf.y = y + 17;
}

/** Totals excluding VAT, the VAT per rate, the total including VAT, and how and by when to pay. */
function drawSummary(pdf: Pdf, root: Struct, doc: InvoiceDocument, supplier: Supplier) {
  const { totals } = doc;
  tagged(pdf, root, 'H2', () => pdf.font('Helvetica-Bold').fontSize(12).fillColor('black').text(labels.overview, LEFT, pdf.y));
  pdf.y += 6;
  const table = group(pdf, root, 'Table');
  amountRow(pdf, table, labels.totalNet, formatEuro(totals.netCents));
  for (const rate of totals.byRate) {
    amountRow(pdf, table, labels.vatOver(formatRate(rate.rate), formatEuro(rate.netCents)), formatEuro(rate.vatCents));
  }
  rule(pdf, RIGHT - 200);
  amountRow(pdf, table, labels.totalGross, formatEuro(totals.grossCents), true);
  table.end();
  if (doc.lines.length === 0) {
    pdf.y += 10;
    tagged(pdf, root, 'P', () => pdf.font('Helvetica').fontSize(10).fillColor(GREY).text(labels.noLines, LEFT, pdf.y));
  }
  pdf.y += 12;
  const payment =
    doc.paymentStatus === 'Paid'
      ? labels.paid
      : totals.grossCents < 0
        ? labels.credit(formatEuro(-totals.grossCents))
        : labels.payBy(formatEuro(totals.grossCents), dutchDate(doc.dueDate) ?? doc.dueDate, supplier.iban.replace(/ /g, '\u00a0'), printable(supplier.name), printable(doc.invoiceNumber));
  tagged(pdf, root, 'P', () => pdf.font('Helvetica').fontSize(10).fillColor('black').text(payment, LEFT, pdf.y, { width: WIDTH }));
  pdf.y += 20;
}

const fitsOneLine = (pdf: Pdf, text: string) => pdf.widthOfString(text) <= columns[0]!.width;

/** Height of a row: only the description wraps; the other columns hold short numbers. */
function rowHeight(pdf: Pdf, values: string[], font: string): number {
  pdf.font(font).fontSize(9);
  const description = values[0] || ' ';
  return fitsOneLine(pdf, description) ? pdf.currentLineHeight(true) : pdf.heightOfString(description, { width: columns[0]!.width });
}

/** One row of the lines table, each non-empty cell a TH or TD of it; without a table, drawn as decoration. */
function cells(pdf: Pdf, table: Struct | null, values: string[], font: string, cellType: 'TH' | 'TD', colour = 'black') {
  const height = rowHeight(pdf, values, font);
  pageBreakIfNeeded(pdf, height + 4);
  const y = pdf.y;
  const row = table && group(pdf, table, 'TR');
  values.forEach((value, i) => {
    const column = columns[i]!;
    if (!value) return;
    // Text is placed by its measured width where it fits on one line: pdfkit's line wrapper costs most of a
    // long specification's rendering time, and only a long description needs it.
    const draw = () => {
      pdf.font(font).fontSize(9).fillColor(colour);
      if (column.align === 'right') pdf.text(value, column.x + column.width - pdf.widthOfString(value), y, { lineBreak: false });
      else if (fitsOneLine(pdf, value)) pdf.text(value, column.x, y, { lineBreak: false });
      else pdf.text(value, column.x, y, { width: column.width });
    };
    if (row) tagged(pdf, row, cellType, draw);
    else artifact(pdf, draw, 'Pagination');
  });
  row?.end();
  pdf.y = y + height + 4;
}

const columnTitles = [labels.description, labels.quantity, labels.unitPrice, labels.vat, labels.net];

const departmentTitle = (name: string | null) => (name === null ? labels.customerWide : `${labels.facility}: ${printable(name)}`);

/** A facility's heading and its table with the column titles; the table is returned for the lines. */
function departmentHeading(pdf: Pdf, section: Struct, name: string | null): Struct {
  tagged(pdf, section, 'H3', () => pdf.font('Helvetica-Bold').fontSize(10).fillColor('black').text(departmentTitle(name), LEFT, pdf.y, { width: WIDTH }));
  pdf.y += 4;
  const table = group(pdf, section, 'Table');
  cells(pdf, table, columnTitles, 'Helvetica-Bold', 'TH', GREY);
  rule(pdf);
  return table;
}

/** The heading and column titles again at the top of a next page: decoration, the reader already heard them. */
function continuedHeading(pdf: Pdf, name: string | null) {
  artifact(
    pdf,
    () => pdf.font('Helvetica-Bold').fontSize(10).fillColor('black').text(`${departmentTitle(name)} ${labels.continued}`, LEFT, pdf.y, { width: WIDTH }),
    'Pagination',
  );
  pdf.y += 4;
  cells(pdf, null, columnTitles, 'Helvetica-Bold', 'TH', GREY);
  rule(pdf);
}

const lineCells = (line: InvoiceLine) => [
  printable(line.description),
  line.quantity.toLocaleString('nl-NL'),
  formatUnitPrice(line.unitPrice),
  formatRate(line.vatRate),
  formatEuro(line.netCents),
];

function drawLines(pdf: Pdf, root: Struct, doc: InvoiceDocument) {
  const section = group(pdf, root, 'Sect');
  tagged(pdf, section, 'H2', () => pdf.font('Helvetica-Bold').fontSize(12).fillColor('black').text(labels.lines, LEFT, pdf.y));
  pdf.y += 8;
  for (const facility of linesByDepartment(doc.lines)) {
    // A heading never stands alone at the foot of a page.
    pageBreakIfNeeded(pdf, 60);
    const table = departmentHeading(pdf, section, facility.departmentName);
    for (const line of facility.lines) {
      const values = lineCells(line);
      if (pageBreakIfNeeded(pdf, rowHeight(pdf, values, 'Helvetica') + 4)) continuedHeading(pdf, facility.departmentName);
      cells(pdf, table, values, 'Helvetica', 'TD');
    }
    pageBreakIfNeeded(pdf, 24);
    rule(pdf, columns[4]!.x);
    const label = `${labels.subtotal} ${facility.departmentName === null ? labels.customerWide.toLowerCase() : printable(facility.departmentName)}`;
    cells(pdf, table, [label, '', '', '', formatEuro(facility.netCents)], 'Helvetica-Bold', 'TD');
    table.end();
    pdf.y += 12;
  }
  section.end();
}

function drawFooters(pdf: Pdf, doc: InvoiceDocument, supplier: Supplier) {
  const range = pdf.bufferedPageRange();
  const footer = `${printable(supplier.name)} · ${labels.invoice} ${printable(doc.invoiceNumber)}`;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // Text below the bottom margin would otherwise open a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    artifact(
      pdf,
      () => {
        pdf.font('Helvetica').fontSize(8).fillColor(GREY);
        pdf.text(footer, LEFT, PAGE_HEIGHT - 40, { width: WIDTH / 2, lineBreak: false });
        pdf.text(labels.page(i + 1, range.count), LEFT + WIDTH / 2, PAGE_HEIGHT - 40, { width: WIDTH / 2, align: 'right', lineBreak: false });
      },
      'Pagination',
    );
    pdf.page.margins.bottom = margin;
  }
}

/** The invoice as a tagged PDF: who, to whom, the facts and totals, and with `withLines` every line by facility. */
export function renderInvoicePdf(doc: InvoiceDocument, supplier: Supplier, withLines: boolean): Promise<Buffer> {
  const title = withLines ? labels.specification : labels.invoice;
  const { pdf, root, done } = taggedPdf({
    Title: `${title} ${printable(doc.invoiceNumber)} ${printable(doc.clientName)} ${monthLabel(doc.processedMonth)}`,
    Author: printable(supplier.name),
    Subject: `${title} ${monthLabel(doc.processedMonth)}`,
  });
  drawHeader(pdf, root, doc, supplier, title);
  drawSummary(pdf, root, doc, supplier);
  if (withLines && doc.lines.length > 0) drawLines(pdf, root, doc);
  root.end();
  drawFooters(pdf, doc, supplier);
  pdf.end();
  return done;
}
