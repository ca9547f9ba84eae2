import { deploymentProfiles } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuEntry } from './menu-entries';

function labelsAndLinks(entries: MenuEntry[]) {
  return entries.flatMap((entry) =>
    entry.kind === 'link'
      ? [[entry.label, entry.to]]
      : [[entry.label, null], ...entry.items.map((item) => [`  ${item.label}`, item.to])],
  );
}

describe('buildMenu', () => {
  it('has the spec’s entries for the default deployment and an employee', () => {
    expect(labelsAndLinks(buildMenu(deploymentProfiles.default, false))).toEqual([
      ['Dashboard', '/'],
      ['Assortiment Overzicht', '/products'],
      ['Formulieren', null],
      ['  Aanvraagformulier', '/forms/requestOfflineAssortment'],
      ['  Assortimentsaanvraag', '/forms/requestNewProduct'],
      ['  Foto aanvragen', '/forms/requestPhoto'],
      ['  Aanvraagformulier rollen', '/forms/requestImmediateProduct'],
      ['  Melding onvolkomenheden', '/forms/reportImperfectionInceptionOosterwolde'],
      ['Inpakopdrachten', '/packing-order'],
      ['Leveringsafspraken', '/calendar'],
      ['Facturen', '/invoices'],
      ['Serviceproducten', '/orders-add'],
      ['Bestellingen', '/orders'],
      ['Mijn aanvragen en meldingen', '/mijn-aanvragen'],
      ['Veelgestelde vragen', '/faq'],
      ['Contact', '/contact'],
      ['Beveiliging', '/settings'],
    ]);
  });

  it('shows Medewerkers to administrators only', () => {
    const links = (admin: boolean) => labelsAndLinks(buildMenu(deploymentProfiles.default, admin)).map(([label]) => label);
    expect(links(true)).toContain('Medewerkers');
    expect(links(false)).not.toContain('Medewerkers');
  });

  it('hides Leveringsafspraken where the deployment does not show the calendar', () => {
    const entries = labelsAndLinks(buildMenu(deploymentProfiles.alkmaar, false));
    expect(entries).not.toContainEqual(['Leveringsafspraken', '/calendar']);
    expect(entries).toContainEqual(['  Melding onvolkomenheden', '/forms/reportImperfectionInceptionAlkmaar']);
  });

  it('names the variants when a deployment offers more than one', () => {
    const entries = labelsAndLinks(
      buildMenu({ name: 'x', showCalendar: true, imperfectionVariants: ['Basic', 'Apeldoorn'] }, false),
    );
    expect(entries).toContainEqual(['  Melding onvolkomenheden (algemeen)', '/forms/reportImperfection']);
    expect(entries).toContainEqual(['  Melding onvolkomenheden (Apeldoorn)', '/forms/reportImperfectionInceptionApeldoorn']);
  });
});
