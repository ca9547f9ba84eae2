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
});
