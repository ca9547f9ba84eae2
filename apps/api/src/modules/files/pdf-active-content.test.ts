import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfActiveContent } from './pdf-active-content.js';
import { samplePdf } from './upload-fixtures.js';

/** A small PDF with the given objects after its catalogue (1 0 obj), as a writer would lay them out. */
function pdf(catalogueExtra: string, objects: (string | Buffer)[] = []): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogueExtra} >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n`)];
  objects.forEach((object, i) => {
    parts.push(Buffer.from(`${i + 3} 0 obj `), Buffer.isBuffer(object) ? object : Buffer.from(object), Buffer.from('\nendobj\n'));
  });
  parts.push(Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >> stream\n`), data, Buffer.from('\nendstream')]);
}

describe('active content in a PDF', () => {
  it('finds nothing in a document that only shows, nor in an /OpenAction that opens a page', () => {
    expect(pdfActiveContent(samplePdf)).toEqual([]);
    expect(pdfActiveContent(pdf('/OpenAction [2 0 R /Fit]'))).toEqual([]);
    expect(pdfActiveContent(pdf('', ['<< /S /GoTo /D [2 0 R /FitH 0] >>']))).toEqual([]);
  });

  it('finds a script run on opening, also behind an indirect reference or a hex-escaped name', () => {
    expect(pdfActiveContent(pdf('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'))).toEqual(['JS', 'JavaScript']);
    expect(pdfActiveContent(pdf('/OpenAction 3 0 R', ['<< /S /J#61vaScript /J#53 (this.exportDataObject\\(\\)) >>']))).toEqual([
      'JS',
      'JavaScript',
    ]);
    expect(pdfActiveContent(pdf('/Names << /JavaScript 3 0 R >>'))).toEqual(['JavaScript']);
  });

  it('finds a launch action, a form that submits, and embedded files', () => {
    expect(pdfActiveContent(pdf('/OpenAction << /S /Launch /F (cmd.exe) >>'))).toEqual(['Launch']);
    expect(pdfActiveContent(pdf('/AA << /WC << /S /SubmitForm /F (https://x.example) >> >>'))).toEqual(['SubmitForm']);
    expect(pdfActiveContent(pdf('/Names << /EmbeddedFiles 3 0 R >>', ['<< /Type /EmbeddedFile /Length 0 >> stream\n\nendstream']))).toEqual([
      'EmbeddedFile',
      'EmbeddedFiles',
    ]);
  });

  it('looks inside compressed object streams', () => {
    const hidden = deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>'));
    expect(pdfActiveContent(pdf('/OpenAction 4 0 R', [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', hidden)]))).toEqual([
      'JS',
      'JavaScript',
    ]);
    const harmless = deflateSync(Buffer.from('4 0 << /S /GoTo /D [2 0 R /Fit] >>'));
    expect(pdfActiveContent(pdf('', [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', harmless)]))).toEqual([]);
  });

  it('does not see names in the bytes of pictures and fonts', () => {
    const noise = Buffer.from('binary /JS (not an object) /Launch more');
    expect(pdfActiveContent(pdf('', [stream('/Type /XObject /Subtype /Image /Filter /DCTDecode', noise)]))).toEqual([]);
  });

  it('calls a PDF unreadable when its object streams cannot be read (encrypted, damaged, another filter)', () => {
    expect(pdfActiveContent(pdf('', [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from('not deflated'))]))).toBe('unreadable');
    expect(pdfActiveContent(pdf('', [stream('/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', Buffer.from('x'))]))).toBe('unreadable');
  });
});
