import type { StaffRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { backofficeMenu } from './menu';

const labels = (role: StaffRole) => backofficeMenu(role).map((entry) => entry.label);

describe('the back-office menu', () => {
  it('offers Koppelingen to a Beheerder only', () => {
    expect(labels('Beheerder')).toContain('Koppelingen');
    expect(labels('Klantenservice')).not.toContain('Koppelingen');
    expect(labels('Kwaliteit')).not.toContain('Koppelingen');
  });

  it('offers every role its own Instellingen, last', () => {
    for (const role of ['Beheerder', 'Klantenservice', 'Kwaliteit'] as const) {
      const entries = backofficeMenu(role);
      expect(entries.at(-1)).toMatchObject({ label: 'Instellingen', to: '/beheer/instellingen' });
    }
  });

  it('offers Standaardantwoorden under Inhoud to a Beheerder only, though every role reads them to answer', () => {
    const contentOf = (role: StaffRole) => backofficeMenu(role).find((entry) => entry.label === 'Inhoud');
    expect(contentOf('Beheerder')).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ label: 'Standaardantwoorden', to: '/beheer/inhoud/standaardantwoorden' })]) });
    expect(JSON.stringify(backofficeMenu('Klantenservice'))).not.toContain('Standaardantwoorden');
    expect(JSON.stringify(backofficeMenu('Kwaliteit'))).not.toContain('Standaardantwoorden');
  });
});
