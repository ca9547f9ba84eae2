import { TextDecoder } from 'node:util';
import { BatchBodyError } from './batch-body-error.js';

/** The bytes Windows-1252 leaves undefined: a text holding one is not Windows-1252 either. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** How a body's text was read, for the batch's answer. */
export class TextDecoding {
  encoding: 'utf-8' | 'windows-1252' = 'utf-8';

  /** What the answer says of it: nothing for UTF-8. */
  warnings(): string[] {
    return this.encoding === 'windows-1252' ? [windows1252Warning] : [];
  }
}

export const windows1252Warning = 'De tekst was geen UTF-8 en is gelezen als Windows-1252 (zoals Excel een CSV-bestand opslaat); controleer tekens als € en ë.';
const notUtf8 = (offset: number) =>
  `De tekst is geen geldige UTF-8 (byte ${offset + 1}) en ook geen Windows-1252: sla het bestand op als UTF-8 en stuur het opnieuw.`;

const NON_ASCII = /[\u0080-\uffff]/;

/** The bytes at the end of `chunk` that start a UTF-8 character it does not finish: what a decoder holds back. */
function unfinished(chunk: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, chunk.length); back += 1) {
    const byte = chunk[chunk.length - back]!;
    if (byte < 0x80) return new Uint8Array(0);
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? chunk.subarray(chunk.length - back) : new Uint8Array(0);
    }
  }
  return new Uint8Array(0);
}

/** Whether `chunk` holds a well-formed UTF-8 character beyond ASCII (then it is not Windows-1252 gone wrong). */
function holdsUtf8Character(chunk: Uint8Array): boolean {
  for (let i = 0; i < chunk.length; i += 1) {
    const byte = chunk[i]!;
    if (byte < 0xc2 || byte > 0xf4) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    let continued = i + length <= chunk.length;
    for (let k = 1; continued && k < length; k += 1) continued = (chunk[i + k]! & 0xc0) === 0x80;
    if (continued) return true;
  }
  return false;
}

/**
 * A body's text as it streams in (issue 29.8): UTF-8, as JSON and our CSV files are meant to be. Text that is not
 * valid UTF-8 is read as Windows-1252 (what Excel writes a CSV file in on a Dutch Windows) when everything before
 * the first invalid byte was plain ASCII, which reads the same in both, and it holds none of the five bytes
 * Windows-1252 leaves undefined; `decoding` then says so. Anything else is refused with a message that names the
 * encoding. Never a U+FFFD in place of what could not be read.
 */
export async function* decodedText(body: AsyncIterable<Buffer | string>, decoding: TextDecoding): AsyncGenerator<string> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let cp1252: TextDecoder | null = null;
  let offset = 0;
  /** whether a character beyond ASCII was read as UTF-8: the text is UTF-8, and an invalid byte later an error */
  let readUtf8 = false;
  /** the previous chunk's unfinished character, which the UTF-8 decoder holds */
  let held: Uint8Array = new Uint8Array(0);
  const asWindows1252 = (chunk: Uint8Array, at: number) => {
    const undefinedAt = chunk.findIndex((byte) => UNDEFINED_IN_1252.has(byte));
    if (undefinedAt !== -1) throw new BatchBodyError(notUtf8(at + undefinedAt), 'invalid_encoding');
    return cp1252!.decode(chunk, { stream: true });
  };
  for await (const part of body) {
    const chunk = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    const at = offset;
    offset += chunk.length;
    if (cp1252) {
      yield asWindows1252(chunk, at);
      continue;
    }
    try {
      const text = utf8.decode(chunk, { stream: true });
      if (NON_ASCII.test(text)) readUtf8 = true;
      held = unfinished(chunk);
      yield text;
    } catch {
      const unread = Buffer.concat([held, chunk]);
      if (readUtf8 || holdsUtf8Character(unread)) throw new BatchBodyError(notUtf8(at), 'invalid_encoding');
      cp1252 = new TextDecoder('windows-1252');
      decoding.encoding = 'windows-1252';
      yield asWindows1252(unread, at - held.length);
    }
  }
  if (!cp1252) {
    try {
      yield utf8.decode();
    } catch {
      // The text ends inside a character: cut off, not another encoding.
      throw new BatchBodyError(notUtf8(offset - 1), 'invalid_encoding');
    }
  }
}
