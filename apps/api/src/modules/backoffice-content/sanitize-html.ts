/**
 * The provider's rich text (memos, FAQ answers) reduced to text markup on the server, before it is stored: an
 * allow-list of tags without attributes, except a link's address when it is a web, mail or telephone address.
 * Everything else is dropped (a script or style with its content) or shown as text. The web app sanitises again
 * when it shows it (defence in depth).
 */
const allowedTags = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4']);
const voidTags = new Set(['br']);
/** Dropped with everything inside them. */
const droppedWithContent = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select']);
// Web, mail and phone links, and the portal's own screens by path ('/forms/requestPhoto'; never '//host').
const safeHref = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\]))[^\s"'<>`]*$/i;
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
  return safeHref.test(value) ? value : null;
}

export function sanitizeHtml(input: string): string {
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
      out += href ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  for (const name of open.reverse()) out += `</${name}>`;
  return out;
}
