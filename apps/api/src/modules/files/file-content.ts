import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { uploadAllowedTypes, uploadLimits, validation, type UploadPurpose } from '@portal/contract';
import { fieldError } from '../../lib/problems.js';

/** What an upload turned out to be, judged by its bytes alone (never by its name or the browser's header). */
export interface DetectedType {
  mediaType: string;
  /** with its dot, e.g. `.pdf` */
  extension: string;
}

/** The bytes of a Word 97-2003 document's main stream name, as the compound file's directory spells it. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/**
 * Control characters that do not occur in a text document: everything below a space except tab, line feed,
 * form feed and carriage return, and DEL.
 */
// eslint-disable-next-line no-control-regex
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text: valid UTF-8 (plain ASCII included) without the control characters of binary data. */
export function isPlainText(bytes: Buffer): boolean {
  try {
    return !BINARY_CONTROL.test(utf8.decode(bytes));
  } catch {
    return false;
  }
}

/**
 * The type of a file by its content: file-type's signatures, narrowed where they are too coarse (an OLE
 * compound file is a Word document only when it holds a WordDocument stream: an .msi installer is one too),
 * and plain text decided here. Answers null for anything else.
 */
export async function detectType(bytes: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (found.ext === 'cfb') {
      return bytes.includes(WORD_STREAM_NAME) ? { mediaType: 'application/msword', extension: '.doc' } : null;
    }
    return { mediaType: found.mime, extension: `.${found.ext}` };
  }
  return isPlainText(bytes) ? { mediaType: 'text/plain', extension: '.txt' } : null;
}

/** Whether a detected type is on the allow-list of the upload's purpose. */
export function isAllowed(purpose: UploadPurpose, type: DetectedType): boolean {
  return (uploadAllowedTypes[purpose].mimeTypes as readonly string[]).includes(type.mediaType);
}

/**
 * Decodes an image and encodes it anew in its own format: turned upright by its EXIF orientation, and without
 * any metadata (EXIF with GPS position, XMP, comments), nor anything hidden behind the picture's data.
 * Refuses images of more than uploadLimits.maxImagePixels before decoding them (a small PNG can claim an
 * enormous canvas), and images that do not decode.
 */
export async function reencodeImage(bytes: Buffer, type: DetectedType): Promise<Buffer> {
  const unreadable = () => fieldError('file', validation.fileUnreadable);
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > uploadLimits.maxImagePixels) throw fieldError('file', validation.imageTooManyPixels);
  try {
    const image = sharp(bytes, { limitInputPixels: uploadLimits.maxImagePixels, failOn: 'error' }).autoOrient();
    return type.mediaType === 'image/png'
      ? await image.png().toBuffer()
      : await image.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw unreadable();
  }
}

const extensionAliases: Record<string, readonly string[]> = {
  '.jpg': ['.jpg', '.jpeg'],
  '.txt': ['.txt', '.text'],
};

/**
 * The user's file name made safe to store and to put in a mail: the last path part only, without control or
 * formatting characters (a right-to-left override can disguise `gpj.exe`), without characters file systems
 * refuse, at most 120 characters, and ending in the extension its bytes decided.
 */
export function cleanFileName(raw: string | undefined, extension: string): string {
  const lastPart = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = lastPart
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const dot = name.lastIndexOf('.');
  const ownExtension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  const accepted = extensionAliases[extension] ?? [extension];
  let base = accepted.includes(ownExtension) ? name.slice(0, dot) : name;
  const keptExtension = accepted.includes(ownExtension) ? ownExtension : extension;
  const maxBase = 120 - keptExtension.length;
  if ([...base].length > maxBase) base = [...base].slice(0, maxBase).join('').trimEnd();
  name = base ? `${base}${keptExtension}` : `bestand${keptExtension}`;
  return name;
}
