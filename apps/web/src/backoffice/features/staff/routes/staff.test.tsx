import { backofficeStaffCalls as calls, backofficeText, type StaffListItem } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import StaffRoute from './staff';

// The signed-in Beheerder is id 7 (staffTestSession).
const own: StaffListItem = {
  id: 7,
  emailAddress: 'sanne@mijnspits.example',
  firstName: 'Sanne',
  middleName: 'de',
  lastName: 'Boer',
  role: 'Beheerder',
  isActive: true,
  isInvited: false,
  hasTotp: true,
  lastLoginAt: '2026-11-20T08:00:00.000Z',
};
const colleague: StaffListItem = { ...own, id: 8, emailAddress: 'noor@mijnspits.example', firstName: 'Noor', middleName: null, lastName: 'Visser', role: 'Klantenservice' };

beforeEach(() => stubDesktopScreen());

describe('Medewerkers: two-factor login reset', () => {
  it('is offered on a colleague’s row, and on one’s own row says why not instead (issue 26.3)', async () => {
    const server = stubRoutes({
      [calls.list.path]: () => jsonResponse([own, colleague]),
      [calls.resetTotp.path]: () => new Response(null, { status: 204 }),
    });
    const { user } = openStaffPages([{ path: backofficePaths.staff.path, Component: StaffRoute }], backofficePaths.staff.path, 'Beheerder');

    await user.click(await screen.findByRole('button', { name: 'Sanne de Boer wijzigen' }));
    const self = await screen.findByRole('dialog', { name: 'Sanne de Boer wijzigen' });
    expect(within(self).queryByRole('button', { name: 'Tweestapsverificatie resetten' })).not.toBeInTheDocument();
    expect(within(self).getByText(backofficeText.ownTotp)).toBeVisible();
    await user.click(within(self).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Noor Visser wijzigen' }));
    const other = await screen.findByRole('dialog', { name: 'Noor Visser wijzigen' });
    expect(within(other).queryByText(backofficeText.ownTotp)).not.toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'Tweestapsverificatie resetten' }));
    await waitFor(() => expect(server.requests(calls.resetTotp.path).map((request) => request.body)).toEqual([{ id: 8 }]));
    expect(await screen.findByText('De tweestapsverificatie van Noor Visser is gereset.')).toBeVisible();
  });
});
