import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** One part of a hand-made multipart body. */
export interface Part {
  name: string;
  /** a file part when set */
  fileName?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser sends it, and its content type. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----portaltest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName !== undefined
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    const type = part.fileName !== undefined ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A Linux executable's first bytes. */
export const elfBytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

/** A Windows executable's first bytes (MZ header pointing to a PE header). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** An OLE compound file; a Word 97-2003 document when it names a WordDocument stream. */
export function compoundFile(streamName: string): Buffer {
  const bytes = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  bytes.writeUInt16LE(0x3e, 24);
  bytes.writeUInt16LE(3, 26);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(9, 30);
  Buffer.from(streamName, 'utf16le').copy(bytes, 1024);
  return bytes;
}

/** A record of `size` bytes with these little-endian fields set, each [offset, value, width in bytes]. */
function record(size: number, fields: [offset: number, value: number, width: 2 | 4][]): Buffer {
  const bytes = Buffer.alloc(size);
  for (const [offset, value, width] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, offset);
    else bytes.writeUInt32LE(value, offset);
  }
  return bytes;
}

/** A zip archive with stored (uncompressed) entries. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    // The local file header: signature, version needed, CRC-32, both sizes, name length.
    const local = record(30, [[0, 0x04034b50, 4], [4, 20, 2], [14, crc, 4], [18, data.length, 4], [22, data.length, 4], [26, nameBytes.length, 2]]);
    locals.push(local, nameBytes, data);
    // The central directory entry: the same facts, and where the local header stands.
    const central = record(46, [
      [0, 0x02014b50, 4],
      [4, 20, 2],
      [6, 20, 2],
      [16, crc, 4],
      [20, data.length, 4],
      [24, data.length, 4],
      [28, nameBytes.length, 2],
      [42, offset, 4],
    ]);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const entryCount = centrals.length / 2;
  const end = record(22, [[0, 0x06054b50, 4], [8, entryCount, 2], [10, entryCount, 2], [12, centralSize, 4], [16, offset, 4]]);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A minimal Word (docx) document. */
export function sampleDocx(): Buffer {
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
}

/** A JPEG photo 40x20 with EXIF orientation 6 (turn 90° clockwise to view), a GPS position and a camera. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PortalCam', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
