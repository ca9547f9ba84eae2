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
});
