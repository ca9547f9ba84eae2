import { inflateSync } from 'node:zlib';

/**
 * PDF names that make a document act when it is opened or read, or carry other files: scripts, launching a
 * program, sending or fetching data, embedded files and media. The provider's staff open these uploads, so a
 * PDF holding any of them is refused. (An /OpenAction that only opens a page at a zoom, as many writers add,
 * is no reason: what an action does is in its /S name, which is one of these when it does harm.)
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaExecute',
]);

/** Most inflated bytes looked at per file: an object stream of a normal document is far smaller. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** PDF names as written (`/J#61vaScript` is `/JavaScript`): delimiters end a name, #xx escapes a byte. */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;

function namesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(NAME)) {
    const raw = match[1]!;
    found.add(raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw);
  }
  return found;
}

/** Objects kept in compressed object streams (PDF 1.5+): their dictionaries are only readable inflated. */
function objectStreams(text: string, bytes: Buffer): Buffer[] | null {
  const streams: Buffer[] = [];
  let inflated = 0;
  for (const match of text.matchAll(/>>\s*stream\r?\n/g)) {
    const dictionaryStart = text.lastIndexOf(' obj', match.index);
    const dictionary = text.slice(Math.max(dictionaryStart, match.index - 4096), match.index + 2);
    if (!namesIn(dictionary).has('ObjStm')) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return null;
    if (!namesIn(dictionary).has('FlateDecode')) return null;
    try {
      const data = inflateSync(bytes.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES - inflated, finishFlush: 2 });
      inflated += data.length;
      streams.push(data);
    } catch {
      return null;
    }
  }
  return streams;
}

/**
 * The file's objects without the data of their streams: compressed pictures and fonts hold arbitrary bytes, in
 * which something like "/JS " turns up by chance.
 */
function withoutStreamData(text: string): string {
  return text.replace(/(>>\s*stream\r?\n)[\s\S]*?(endstream)/g, '$1$2');
}

/**
 * What in a PDF would act or carry files: the names found (empty for a document that only shows), or
 * 'unreadable' when its object streams cannot be read (encrypted, damaged, or too large to look into), since
 * what cannot be checked cannot be let through.
 */
export function pdfActiveContent(bytes: Buffer): string[] | 'unreadable' {
  const text = bytes.toString('latin1');
  const streams = objectStreams(text, bytes);
  if (streams === null) return 'unreadable';
  const found = new Set<string>();
  for (const part of [withoutStreamData(text), ...streams.map((s) => s.toString('latin1'))]) {
    for (const name of namesIn(part)) if (ACTIVE_NAMES.has(name)) found.add(name);
  }
  return [...found].sort();
}
