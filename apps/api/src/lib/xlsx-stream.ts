import { Readable } from 'node:stream';
import archiver from 'archiver';

/**
 * An Excel workbook of one sheet, written as it is read: the sheet's rows are pulled from an async iterable only
 * as fast as the zip is read, so that a sheet of any length never sits in memory. SpreadsheetML written by hand
 * (inline strings, no shared-string table): the smallest valid workbook Excel, LibreOffice and Numbers open.
 */

/** A cell: text, a number in one of the styles below, or empty. */
export type XlsxCell = { text: string } | { number: number; style: XlsxNumberStyle } | null;
export type XlsxNumberStyle = 'integer' | 'euro' | 'date' | 'dateTime' | 'moment';

/** Style index per kind of cell, as styles.xml below numbers its cellXfs. */
const styleIndex = { header: 1, date: 2, dateTime: 3, euro: 4, integer: 5, moment: 6 } as const;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const contentTypes = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const packageRels = `${HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels = `${HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

// Number formats as a Dutch Excel shows them (the reader's own separators apply): dd-mm-jjjj, € 1.234,56.
const styles = `${HEAD}<styleSheet xmlns="${NS}">\
<numFmts count="4"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/><numFmt numFmtId="165" formatCode="dd\\-mm\\-yyyy\\ hh:mm"/>\
<numFmt numFmtId="166" formatCode="&quot;€&quot;\\ #,##0.00;&quot;€&quot;\\ \\-#,##0.00"/><numFmt numFmtId="167" formatCode="dd\\-mm\\-yyyy\\ hh:mm:ss"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// Characters XML 1.0 cannot carry at all (control characters but tab, line feed and carriage return).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A sheet's name as Excel allows it: at most 31 characters, none of []:*?/\ . */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Blad1';

/** 1 → A, 27 → AA */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// Rows and cells carry their references (A1): optional for Excel, needed by some other readers.
const inlineString = (ref: string, text: string, style = 0) => {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t${space}>${xmlText(text)}</t></is></c>`;
};

function cellXml(ref: string, cell: XlsxCell): string {
  if (cell === null) return '';
  if ('text' in cell) return inlineString(ref, cell.text);
  return Number.isFinite(cell.number) ? `<c r="${ref}" s="${styleIndex[cell.style]}"><v>${cell.number}</v></c>` : '';
}

const rowXml = (number: number, cells: string[]) => `<row r="${number}">${cells.join('')}</row>`;

export interface XlsxSheet {
  name: string;
  headers: readonly string[];
  /** column widths in characters, one per header */
  widths: readonly number[];
  rows: AsyncIterable<readonly XlsxCell[]>;
}

/** The sheet's XML: a frozen, bold header row, the rows, and a filter over all of them. */
async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<string> {
  const letters = sheet.headers.map((_, i) => columnLetter(i + 1));
  const cols = sheet.widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');
  yield `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">\
<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>\
<cols>${cols}</cols><sheetData>${rowXml(1, sheet.headers.map((h, i) => inlineString(`${letters[i]}1`, h, styleIndex.header)))}`;
  let count = 0;
  let batch = '';
  for await (const row of sheet.rows) {
    count += 1;
    batch += rowXml(count + 1, row.map((cell, i) => cellXml(`${letters[i]}${count + 1}`, cell)));
    // Pieces of some kilobytes: few enough calls into the zip, small enough to keep memory flat.
    if (batch.length > 32_768) {
      yield batch;
      batch = '';
    }
  }
  const lastColumn = columnLetter(Math.max(1, sheet.headers.length));
  yield `${batch}</sheetData><autoFilter ref="A1:${lastColumn}${count + 1}"/></worksheet>`;
}

/** The workbook as a readable stream of zip bytes; reading it drives the reading of the rows. */
export function xlsxStream(sheet: XlsxSheet): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const workbook = `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>\
<sheet name="${xmlText(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  zip.append(contentTypes, { name: '[Content_Types].xml' });
  zip.append(packageRels, { name: '_rels/.rels' });
  zip.append(workbook, { name: 'xl/workbook.xml' });
  zip.append(workbookRels, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(styles, { name: 'xl/styles.xml' });
  const rows = Readable.from(sheetXml(sheet));
  zip.append(rows, { name: 'xl/worksheets/sheet1.xml' });
  // A zip given up on (the download was cancelled) lets go of its rows, so that their source is closed.
  zip.once('close', () => rows.destroy());
  zip.finalize().catch(() => {
    // surfaced as the stream's own 'error'
  });
  return zip;
}
