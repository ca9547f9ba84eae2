import PDFDocument from 'pdfkit';
import { formatEuro, formatRate, formatUnitPrice, monthLabel } from './dutch-format.js';
import { linesByFacility, type InvoiceDocument, type InvoiceLine } from './invoice-document.js';
import { labels, provider } from './invoice-labels.js';

type Pdf = PDFKit.PDFDocument;

const PAGE_HEIGHT = 841.89;
const LEFT = 50;
const RIGHT = 545.28;
const WIDTH = RIGHT - LEFT;
const BOTTOM_MARGIN = 60;
const GREY = '#555555';

/** x and width of the line columns: description, quantity, unit price, VAT rate, amount. */
const columns = [
  { x: LEFT, width: 205, align: 'left' as const },
  { x: LEFT + 213, width: 48, align: 'right' as const },
  { x: LEFT + 269, width: 78, align: 'right' as const },
  { x: LEFT + 355, width: 40, align: 'right' as const },
  { x: LEFT + 403, width: WIDTH - 403, align: 'right' as const },
];

// The built-in PDF fonts (no font files to ship) know only Windows-1252; anything else would come out as
// garbage. Such letters lose their accent ('ğ' → 'g') or become '?'.
const WIN_1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const isWin1252 = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_1252_EXTRA.includes(c);
};
const lookalikes: Record<string, string> = { ı: 'i', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', '\t': ' ' };
export function printable(text: string): string {
  if (/^[\x20-\x7e\xa0-\xff]*$/.test(text)) return text;
  return [...text.replace(/\r\n?|\n/g, ' ')]
    .map((c) => {
      if (isWin1252(c)) return c;
      const bare = c.normalize('NFKD').replace(/\p{M}+/gu, '');
      if (bare && [...bare].every(isWin1252)) return bare;
      return lookalikes[c] ?? '?';
    })
    .join('');
}

function pageBreakIfNeeded(pdf: Pdf, height: number): boolean {
  if (pdf.y + height <= PAGE_HEIGHT - BOTTOM_MARGIN) return false;
  pdf.addPage();
  return true;
}

function drawHeader(pdf: Pdf, doc: InvoiceDocument, title: string) {
  pdf.font('Helvetica-Bold').fontSize(22).fillColor('black').text(provider.name, LEFT, 50);
  pdf.font('Helvetica').fontSize(9).fillColor(GREY).text(provider.line, LEFT, 76);
  pdf.font('Helvetica-Bold').fontSize(16).fillColor('black').text(title, LEFT, 54, { width: WIDTH, align: 'right' });
  pdf.moveTo(LEFT, 95).lineTo(RIGHT, 95).lineWidth(0.5).strokeColor('#999999').stroke();

  const facts: [string, string][] = [
    [labels.client, printable(doc.clientName)],
    [labels.clientCode, printable(doc.clientCode)],
    [labels.month, monthLabel(doc.processedMonth)],
  ];
  let y = 110;
  for (const [label, value] of facts) {
    pdf.font('Helvetica').fontSize(10).fillColor(GREY).text(label, LEFT, y, { width: 100 });
    pdf.fillColor('black').text(value, LEFT + 100, y, { width: WIDTH - 100 });
    y += 16;
  }
  pdf.y = y + 14;
}

function amountRow(pdf: Pdf, label: string, amount: string, bold = false) {
  const y = pdf.y;
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
  pdf.text(label, LEFT, y, { width: 330 });
  pdf.text(amount, RIGHT - 150, y, { width: 150, align: 'right' });
  pdf.y = y + 17;
}

function rule(pdf: Pdf, from = LEFT) {
  pdf.moveTo(from, pdf.y - 3).lineTo(RIGHT, pdf.y - 3).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.y += 3;
}

function drawSummary(pdf: Pdf, doc: InvoiceDocument) {
  const { totals } = doc;
  pdf.font('Helvetica-Bold').fontSize(12).fillColor('black').text(labels.overview, LEFT, pdf.y);
  pdf.y += 6;
  amountRow(pdf, labels.totalNet, formatEuro(totals.netCents));
  for (const rate of totals.byRate) {
    amountRow(pdf, labels.vatOver(formatRate(rate.rate), formatEuro(rate.netCents)), formatEuro(rate.vatCents));
  }
  rule(pdf, RIGHT - 200);
  amountRow(pdf, labels.totalGross, formatEuro(totals.grossCents), true);
  if (doc.lines.length === 0) {
    pdf.y += 10;
    pdf.font('Helvetica').fontSize(10).fillColor(GREY).text(labels.noLines, LEFT, pdf.y);
  }
  pdf.y += 20;
}

const fitsOneLine = (pdf: Pdf, text: string) => pdf.widthOfString(text) <= columns[0]!.width;

/** Height of a row: only the description wraps; the other columns hold short numbers. */
function rowHeight(pdf: Pdf, values: string[], font: string): number {
  pdf.font(font).fontSize(9);
  const description = values[0] || ' ';
  return fitsOneLine(pdf, description) ? pdf.currentLineHeight(true) : pdf.heightOfString(description, { width: columns[0]!.width });
}

function cells(pdf: Pdf, values: string[], font: string, colour = 'black') {
  const height = rowHeight(pdf, values, font);
  pageBreakIfNeeded(pdf, height + 4);
  const y = pdf.y;
  pdf.font(font).fontSize(9).fillColor(colour);
  values.forEach((value, i) => {
    const column = columns[i]!;
    if (!value) return;
    // Text is placed by its measured width where it fits on one line: pdfkit's line wrapper costs most of a
    // long specification's rendering time, and only a long description needs it.
    if (column.align === 'right') pdf.text(value, column.x + column.width - pdf.widthOfString(value), y, { lineBreak: false });
    else if (fitsOneLine(pdf, value)) pdf.text(value, column.x, y, { lineBreak: false });
    else pdf.text(value, column.x, y, { width: column.width });
  });
  pdf.y = y + height + 4;
}

const columnTitles = [labels.description, labels.quantity, labels.unitPrice, labels.vat, labels.net];

function facilityHeading(pdf: Pdf, name: string | null, continued: boolean) {
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('black');
  const title = `${name === null ? labels.customerWide : `${labels.facility}: ${printable(name)}`}${continued ? ` ${labels.continued}` : ''}`;
  pdf.text(title, LEFT, pdf.y, { width: WIDTH });
  pdf.y += 4;
  cells(pdf, columnTitles, 'Helvetica-Bold', GREY);
  rule(pdf);
}

const lineCells = (line: InvoiceLine) => [
  printable(line.description),
  line.quantity.toLocaleString('nl-NL'),
  formatUnitPrice(line.unitPrice),
  formatRate(line.vatRate),
  formatEuro(line.netCents),
];

function drawLines(pdf: Pdf, doc: InvoiceDocument) {
  pdf.font('Helvetica-Bold').fontSize(12).fillColor('black').text(labels.lines, LEFT, pdf.y);
  pdf.y += 8;
  for (const group of linesByFacility(doc.lines)) {
    // A heading never stands alone at the foot of a page.
    pageBreakIfNeeded(pdf, 60);
    facilityHeading(pdf, group.facilityName, false);
    for (const line of group.lines) {
      const values = lineCells(line);
      if (pageBreakIfNeeded(pdf, rowHeight(pdf, values, 'Helvetica') + 4)) facilityHeading(pdf, group.facilityName, true);
      cells(pdf, values, 'Helvetica');
    }
    pageBreakIfNeeded(pdf, 24);
    rule(pdf, columns[4]!.x);
    const label = `${labels.subtotal} ${group.facilityName === null ? labels.customerWide.toLowerCase() : printable(group.facilityName)}`;
    cells(pdf, [label, '', '', '', formatEuro(group.netCents)], 'Helvetica-Bold');
    pdf.y += 12;
  }
}

function drawFooters(pdf: Pdf, doc: InvoiceDocument) {
  const range = pdf.bufferedPageRange();
  const footer = `${provider.name} · ${labels.invoice} ${printable(doc.clientCode)} ${monthLabel(doc.processedMonth)}`;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // Text below the bottom margin would otherwise open a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).fillColor(GREY);
    pdf.text(footer, LEFT, PAGE_HEIGHT - 40, { width: WIDTH / 2, lineBreak: false });
    pdf.text(labels.page(i + 1, range.count), LEFT + WIDTH / 2, PAGE_HEIGHT - 40, { width: WIDTH / 2, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
}

/** The invoice as a PDF: the summary, and with `withLines` every line grouped by facility. */
export function renderInvoicePdf(doc: InvoiceDocument, withLines: boolean): Promise<Buffer> {
  const title = withLines ? labels.specification : labels.invoice;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: BOTTOM_MARGIN, left: LEFT, right: LEFT },
    bufferPages: true,
    info: {
      Title: `${title} ${printable(doc.clientCode)} ${monthLabel(doc.processedMonth)}`,
      Author: provider.name,
      Subject: printable(doc.clientName),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  drawHeader(pdf, doc, title);
  drawSummary(pdf, doc);
  if (withLines && doc.lines.length > 0) drawLines(pdf, doc);
  drawFooters(pdf, doc);
  pdf.end();
  return done;
}
