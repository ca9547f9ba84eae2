import DOMPurify from 'dompurify';

/** Text markup only: no scripts, styles, forms, media or frames, and no attributes beyond these. */
const allowedTags = [
  'a', 'b', 'blockquote', 'br', 'code', 'em', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'li', 'ol', 'p', 'pre', 's',
  'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
];
const allowedAttributes = ['href', 'title', 'colspan', 'rowspan'];
/** Web, mail and telephone links, and links within the portal; never `javascript:` or `data:`. */
const allowedUris = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

// An instance of its own, so that this hook never changes how anything else is sanitised.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    // A web link opens in a new tab that cannot reach back into the portal, and is told nothing of it.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The provider's HTML (FAQ answers, memos) as the server sends it, reduced to safe text markup. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: allowedUris,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
