import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps text markup', () => {
    const html = '<p>Bel <strong>vóór 12:00</strong>:</p><ul><li>optie 1</li><li><em>optie 2</em></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and frames', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Tekst<script>steal()</script></p><img src="x" onerror="steal()"><style>p{}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toBe('<p>Tekst</p>');
  });

  it('refuses script and data links but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:steal()">klik</a>')).toBe('<a>klik</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>x</script>">klik</a>')).toBe('<a>klik</a>');
  });

  it('opens web links in a new tab without access to the portal', () => {
    const clean = sanitizeHtml('<a href="https://www.example.nl/info" target="_self" onmouseover="x()">info</a>');
    const link = new DOMParser().parseFromString(clean, 'text/html').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.example.nl/info');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.hasAttribute('onmouseover')).toBe(false);
  });

  it('leaves mail and telephone links in the same tab', () => {
    expect(sanitizeHtml('<a href="mailto:service@example.nl">mail</a>')).toBe('<a href="mailto:service@example.nl">mail</a>');
    expect(sanitizeHtml('<a href="tel:+31201234567">bel</a>')).toBe('<a href="tel:+31201234567">bel</a>');
  });
});
