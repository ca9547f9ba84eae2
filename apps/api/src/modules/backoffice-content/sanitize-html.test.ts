import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps text markup and web, mail and telephone links', () => {
    expect(sanitizeHtml('<p>Bel <strong>ons</strong>: <a href="tel:0301234567">030</a> of <a href="https://x.nl/a?b=1&amp;c=2">site</a></p>')).toBe(
      '<p>Bel <strong>ons</strong>: <a href="tel:0301234567" rel="noopener noreferrer">030</a> of <a href="https://x.nl/a?b=1&amp;c=2" rel="noopener noreferrer">site</a></p>',
    );
    expect(sanitizeHtml('<ul><li>een<li>twee</ul>')).toBe('<ul><li>een<li>twee</li></li></ul>');
  });

  it('drops scripts, styles, handlers and javascript: links, however they are written', () => {
    expect(sanitizeHtml('<p onclick="alert(1)">a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java&#115;cript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>tekst')).toBe('tekst');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>na')).toBe('na');
    expect(sanitizeHtml('<SCRIPT>alert(1)</SCRIPT>')).toBe('');
  });

  it('shows what is not a tag as text, and closes what was left open', () => {
    expect(sanitizeHtml('1 < 2 en 3 > 2')).toBe('1 &lt; 2 en 3 &gt; 2');
    expect(sanitizeHtml('<p><em>open')).toBe('<p><em>open</em></p>');
    expect(sanitizeHtml('<!-- verborgen -->zichtbaar')).toBe('zichtbaar');
    expect(sanitizeHtml('<p>a</em>b</p>')).toBe('<p>ab</p>');
  });
});
