import PDFDocument from 'pdfkit';

/**
 * The drawing kit of the invoice PDF: A4 measures, the built-in fonts' character set, and the tags that make it
 * a tagged PDF (a structure tree of headings, paragraphs and tables, decorations marked as artifacts), so that a
 * screen reader reads it in order and knows its tables.
 */
export type Pdf = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

export const PAGE_HEIGHT = 841.89;
export const LEFT = 50;
export const RIGHT = 545.28;
export const WIDTH = RIGHT - LEFT;
export const BOTTOM_MARGIN = 60;
export const GREY = '#555555';

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

/** A new tagged A4 document in Dutch, its title shown by readers instead of the file name. */
export function taggedPdf(info: { Title: string; Author: string; Subject: string }): { pdf: Pdf; root: Struct; done: Promise<Buffer> } {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: BOTTOM_MARGIN, left: LEFT, right: LEFT },
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'nl-NL',
    displayTitle: true,
    info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  return { pdf, root, done };
}

/** Content of a structure element of `type` under `parent`: what `draw` puts on the page is that element. */
export function tagged(pdf: Pdf, parent: Struct, type: string, draw: () => void): void {
  parent.add(pdf.struct(type, {}, draw));
}

/** A structure element that holds others (a section, a table, a row); ended by the caller. */
export function group(pdf: Pdf, parent: Struct, type: string): Struct {
  const element = pdf.struct(type);
  parent.add(element);
  return element;
}

/** Decoration (rules, running footers): marked so that a reader skips it. */
export function artifact(pdf: Pdf, draw: () => void, type?: 'Pagination' | 'Layout'): void {
  pdf.markContent('Artifact', type ? { type } : undefined);
  draw();
  pdf.endMarkedContent();
}

export function pageBreakIfNeeded(pdf: Pdf, height: number): boolean {
  if (pdf.y + height <= PAGE_HEIGHT - BOTTOM_MARGIN) return false;
  pdf.addPage();
  return true;
}

/** A thin horizontal line just above the current position, from `from` to the right margin. */
export function rule(pdf: Pdf, from = LEFT) {
  const y = pdf.y - 3;
  artifact(pdf, () => pdf.moveTo(from, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke());
  pdf.y += 3;
}
