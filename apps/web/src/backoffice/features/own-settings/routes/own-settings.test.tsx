import { backofficeOwnCalls } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openStaffPages } from '../../../testing/staff-session';
import OwnSettingsRoute from './own-settings';

/** The server's two calls, the choice kept as state; `refuse` answers the change with a 500. */
function stubSettings(digestMails: boolean, options: { refuse?: boolean } = {}) {
  let kept = digestMails;
  return stubRoutes({
    [backofficeOwnCalls.getSettings.path]: () => jsonResponse({ digestMails: kept }),
    [backofficeOwnCalls.setSettings.path]: ({ body }) => {
      if (options.refuse) return problemResponse(500);
      kept = (body as { digestMails: boolean }).digestMails;
      return new Response(null, { status: 204 });
    },
  });
}

const open = (role: 'Beheerder' | 'Klantenservice' | 'Kwaliteit' = 'Kwaliteit') =>
  openStaffPages([{ path: '/beheer/instellingen', Component: OwnSettingsRoute }], '/beheer/instellingen', role);

const digestSwitch = () => screen.findByRole('switch', { name: 'Dagelijks overzicht van de inbox per e-mail' });

describe('Instellingen', () => {
  it('switches the daily overview on at once, and says it is saved', async () => {
    const server = stubSettings(false);
    const { user } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeInTheDocument();
    const control = await digestSwitch();
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription(
      'Elke ochtend: items zonder behandelaar, uw eigen open items en items die te lang open staan. Zonder inhoud: alleen aantallen en de link.',
    );

    await user.click(control);
    expect(await screen.findByText('Uw keuze is opgeslagen.')).toBeInTheDocument();
    expect(server.requests(backofficeOwnCalls.setSettings.path).map((r) => r.body)).toEqual([{ digestMails: true }]);
    await waitFor(() => expect(control).toBeChecked());
    expect(control).toBeEnabled();

    await user.click(control);
    await waitFor(() => expect(server.requests(backofficeOwnCalls.setSettings.path).map((r) => r.body)).toEqual([{ digestMails: true }, { digestMails: false }]));
    await waitFor(() => expect(control).not.toBeChecked());
  });

  it('keeps the choice as it was when saving fails, and says so', async () => {
    stubSettings(true, { refuse: true });
    const { user } = open('Beheerder');
    const control = await digestSwitch();
    expect(control).toBeChecked();
    await user.click(control);
    const region = screen.getByRole('region', { name: 'E-mail' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Het wijzigen van deze instelling is niet gelukt.');
    expect(control).toBeChecked();
    expect(screen.queryByText('Uw keuze is opgeslagen.')).not.toBeInTheDocument();
  });
});
