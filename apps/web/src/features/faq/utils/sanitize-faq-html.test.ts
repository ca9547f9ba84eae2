import { describe, expect, it } from 'vitest';
import { sanitizeFaqHtml } from './sanitize-faq-html';

describe('sanitizeFaqHtml', () => {
  it('keeps text markup', () => {
    const html = '<p>Bel <strong>vóór 12:00</strong>:</p><ul><li>optie 1</li><li><em>optie 2</em></li></ul>';
    expect(sanitizeFaqHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and frames', () => {
    const clean = sanitizeFaqHtml(
      '<p onclick="steal()">Tekst<script>steal()</script></p><img src="x" onerror="steal()"><style>p{}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toBe('<p>Tekst</p>');
  });

  it('refuses script and data links but keeps the link text', () => {
    expect(sanitizeFaqHtml('<a href="javascript:steal()">klik</a>')).toBe('<a>klik</a>');
    expect(sanitizeFaqHtml('<a href="data:text/html,<script>x</script>">klik</a>')).toBe('<a>klik</a>');
  });

  it('opens web links in a new tab without access to the portal', () => {
    const clean = sanitizeFaqHtml('<a href="https://www.example.nl/info" target="_self" onmouseover="x()">info</a>');
    const link = new DOMParser().parseFromString(clean, 'text/html').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.example.nl/info');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.hasAttribute('onmouseover')).toBe(false);
  });

  it('leaves mail and telephone links in the same tab', () => {
    expect(sanitizeFaqHtml('<a href="mailto:service@example.nl">mail</a>')).toBe('<a href="mailto:service@example.nl">mail</a>');
    expect(sanitizeFaqHtml('<a href="tel:+31201234567">bel</a>')).toBe('<a href="tel:+31201234567">bel</a>');
  });
});
