import { sanitizeRichText } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { demoFaqItems } from './content.js';

/**
 * The demo FAQ speaks the portal's own language (issue 13): the screens by their menu names, linked where they
 * are, and never a screen that does not exist. The routes and names of the product's screens.
 */
const screens: Record<string, string> = {
  '/forms/requestImmediateProduct': 'Aanvraagformulier rollen',
  '/forms/requestNewProduct': 'Assortimentsaanvraag',
  '/forms/requestPhoto': 'Foto aanvragen',
  '/forms/requestOfflineAssortment': 'Aanvraagformulier',
  '/packing-order': 'Inpakopdrachten',
  '/calendar': 'Leveringsafspraken',
  '/invoices': 'Facturen',
  '/orders-add': 'Serviceproducten',
  '/pharmacists': 'Medewerkers',
  '/settings': 'Beveiliging',
  '/faq': 'Veelgestelde vragen',
  '/contact': 'Contact',
};

describe('the demo FAQ', () => {
  it('links the screens it names by their menu names, and names no screen that does not exist', () => {
    const links = demoFaqItems.flatMap((item) => [...item.contentHtml.matchAll(/<a href="(\/[^"]*)">([^<]*)<\/a>/g)]);
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const [, href, text] of links) expect(screens[href!], href).toBe(text);
    const all = demoFaqItems.map((item) => `${item.title} ${item.contentHtml}`).join(' ');
    for (const gone of ['Rol aanvragen', 'Melding maken', 'Kalender', 'Instellingen', 'Nieuw product aanvragen', 'verpakkingsopdracht']) {
      expect(all, gone).not.toContain(gone);
    }
  });

  it('keeps its links to the portal\'s screens through the back-office sanitiser, and no other-host trick', () => {
    for (const item of demoFaqItems) {
      const kept = sanitizeRichText(item.contentHtml);
      for (const [, href] of item.contentHtml.matchAll(/href="([^"]*)"/g)) expect(kept, href).toContain(`href="${href}"`);
    }
    expect(sanitizeRichText('<a href="//elders.example/x">x</a>')).not.toContain('href');
    expect(sanitizeRichText('<a href="/\\\\elders.example">x</a>')).not.toContain('href');
  });
});
