/**
 * The provider's rich text (memos, FAQ answers) and the one subset of HTML it is kept as. The server reduces what
 * it is sent to this subset before storing it (`sanitizeRichText`), and the back-office's editor is built from the
 * same tags and link rule, so that it cannot make what the server would drop. An allow-list of tags without
 * attributes, except a link's address when it is a web, mail or telephone address or a path of the portal.
 * Everything else is dropped (a script or style with its content) or shown as text. The web app sanitises again
 * when it shows it (defence in depth).
 */
export const richTextTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4'] as const;
/** What a kept link carries besides its address: the page it opens learns nothing of the portal. */
export const richTextLinkRel = 'noopener noreferrer';

const allowedTags = new Set<string>(richTextTags);
const voidTags = new Set(['br']);
/** Dropped with everything inside them. */
const droppedWithContent = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select']);
// Web, mail and phone links, and the portal's own screens by path ('/forms/requestPhoto'; never '//host').
const safeHref = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\]))[^\s"'<>`]*$/i;

/** Whether a link's address (as a browser reads it: decoded, trimmed) is one the rich text keeps. */
export const isRichTextHref = (href: string): boolean => safeHref.test(href);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a browser would read an attribute value as: character references decoded, so `java&#115;cript:` is caught. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10) % 0x110000))
    .replace(/&(amp|quot|apos|lt|gt|colon|tab|newline);?/gi, (_, name: string) => ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()] ?? '');
}

function hrefOf(attributes: string): string | null {
  const match = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  if (!match) return null;
  const value = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
  return isRichTextHref(value) ? value : null;
}

export function sanitizeRichText(input: string): string {
  let out = '';
  let rest = input.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const open: string[] = [];
  while (rest.length > 0) {
    const lt = rest.indexOf('<');
    if (lt < 0) {
      out += escapeText(rest);
      break;
    }
    out += escapeText(rest.slice(0, lt));
    rest = rest.slice(lt);
    const tag = TAG.exec(rest);
    if (!tag) {
      out += '&lt;';
      rest = rest.slice(1);
      continue;
    }
    rest = rest.slice(tag[0].length);
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (droppedWithContent.has(name)) {
      if (!closing) {
        const end = new RegExp(`</${name}\\s*>`, 'i').exec(rest);
        rest = end ? rest.slice(end.index + end[0].length) : '';
      }
      continue;
    }
    if (!allowedTags.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      // Close what was left open inside it, so that the markup stays well-formed.
      for (const inner of open.splice(at).reverse()) out += `</${inner}>`;
      continue;
    }
    if (voidTags.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(tag[3] ?? '');
      out += href ? `<a href="${escapeAttribute(href)}" rel="${richTextLinkRel}">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  for (const name of open.reverse()) out += `</${name}>`;
  return out;
}
