import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps text markup and web, mail and telephone links', () => {
    expect(sanitizeRichText('<p>Bel <strong>ons</strong>: <a href="tel:0301234567">030</a> of <a href="https://x.nl/a?b=1&amp;c=2">site</a></p>')).toBe(
      '<p>Bel <strong>ons</strong>: <a href="tel:0301234567" rel="noopener noreferrer">030</a> of <a href="https://x.nl/a?b=1&amp;c=2" rel="noopener noreferrer">site</a></p>',
    );
    expect(sanitizeRichText('<ul><li>een<li>twee</ul>')).toBe('<ul><li>een<li>twee</li></li></ul>');
  });

  it('drops scripts, styles, handlers and javascript: links, however they are written', () => {
    expect(sanitizeRichText('<p onclick="alert(1)">a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="java&#115;cript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>tekst')).toBe('tekst');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>na')).toBe('na');
    expect(sanitizeRichText('<SCRIPT>alert(1)</SCRIPT>')).toBe('');
  });

  it('shows what is not a tag as text, and closes what was left open', () => {
    expect(sanitizeRichText('1 < 2 en 3 > 2')).toBe('1 &lt; 2 en 3 &gt; 2');
    expect(sanitizeRichText('<p><em>open')).toBe('<p><em>open</em></p>');
    expect(sanitizeRichText('<!-- verborgen -->zichtbaar')).toBe('zichtbaar');
    expect(sanitizeRichText('<p>a</em>b</p>')).toBe('<p>ab</p>');
  });
});
