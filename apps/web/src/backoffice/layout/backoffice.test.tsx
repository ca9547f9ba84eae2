import { backofficeAuditCalls, backofficeAuthCalls, backofficeStaffCalls, backofficeText, feedback, type StaffListItem } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '@/app/router';
import { jsonResponse, problemResponse, stubFetch, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { createTestQueryClient, renderRoutes } from '@/testing/render-routes';
import { getStaffSession } from '../lib/staff-session';
import { logInStaff, staffTestSession } from '../testing/staff-session';

const renderApp = (url: string) => {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(queryClient), url, queryClient);
};
const menu = () => screen.getByRole('navigation', { name: 'Hoofdmenu' });

const colleague: StaffListItem = {
  id: 8,
  emailAddress: 'ilse@mijnspits.example',
  firstName: 'Ilse',
  middleName: null,
  lastName: 'Kuipers',
  role: 'Kwaliteit',
  isActive: true,
  isInvited: true,
  hasTotp: false,
  lastLoginAt: null,
};

beforeEach(() => {
  stubDesktopScreen();
});

describe('the back-office', () => {
  it('sends a visitor without a staff session to its own login, whatever customer session there is', async () => {
    stubRoutes({});
    const { router } = renderApp('/beheer/medewerkers');
    expect(await screen.findByRole('heading', { name: 'Inloggen Beheer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/beheer/login');
  });

  it('says a wrong or used code once, in its own words, not that the password is wrong', async () => {
    stubRoutes({
      [backofficeAuthCalls.login.path]: (request) =>
        (request.body as { pin?: string }).pin
          ? jsonResponse({ type: 'about:blank', title: feedback.loginCodeWrong, status: 400, errors: { pin: [feedback.loginCodeWrong] } }, 400)
          : problemResponse(409, { pin: ['Code is verplicht'] }),
    });
    const user = userEvent.setup();
    renderApp('/beheer/login');
    await user.type(await screen.findByLabelText(/^E-mailadres/), 'sanne@mijnspits.example');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.loginCodeWrong);
    expect(screen.getAllByText(feedback.loginCodeWrong)).toHaveLength(1);
    expect(screen.queryByText(backofficeText.loginFailed)).not.toBeInTheDocument();
  });

  it('logs in with password, then asks for the code, and keeps the session', async () => {
    const session = staffTestSession('Klantenservice');
    const stub = stubRoutes({
      [backofficeAuthCalls.login.path]: (request) =>
        (request.body as { pin?: string }).pin ? jsonResponse(session) : problemResponse(409, { pin: ['Code is verplicht'] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/beheer/login');
    await user.type(await screen.findByLabelText(/^E-mailadres/), 'sanne@mijnspits.example');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await user.type(await screen.findByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer/inbox'));
    expect(getStaffSession()?.staff.firstName).toBe('Sanne');
    expect(stub.requests(backofficeAuthCalls.login.path).map((r) => r.body)).toEqual([
      { emailAddress: 'sanne@mijnspits.example', password: 'Geheim-1234' },
      { emailAddress: 'sanne@mijnspits.example', password: 'Geheim-1234', pin: '123456' },
    ]);
  });

  it('opens no page before two-factor login is set up, then sets it up with a code', async () => {
    logInStaff('Beheerder', { needsTotpSetup: true });
    stubRoutes({
      [backofficeAuthCalls.totpSetup.path]: () => jsonResponse({ secret: 'ABCDEFGH', qrCodeDataUrl: 'data:image/png;base64,AA', uri: 'otpauth://x' }),
      [backofficeAuthCalls.totpEnable.path]: () => jsonResponse(staffTestSession('Beheerder')),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/beheer/medewerkers');
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('ABCDEFGH');
    expect(router.state.location.pathname).toBe('/beheer/tweestapsverificatie');
    await user.type(screen.getByLabelText(/^Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Activeren en doorgaan' }));
    await waitFor(() => expect(getStaffSession()?.needsTotpSetup).toBe(false));
  });

  it('shows each role the menu it may use', async () => {
    logInStaff('Kwaliteit');
    stubRoutes({});
    const first = renderApp('/beheer/medewerkers');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(menu()).getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Klanten' })).not.toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Logboek' })).not.toBeInTheDocument();
    first.unmount();
    logInStaff('Beheerder');
    renderApp('/beheer/logboek');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Inbox', 'Klanten', 'Medewerkers', 'Logboek']) expect(within(menu()).getByRole('link', { name })).toBeInTheDocument();
  });

  it('invites a colleague and lists the staff with their state', async () => {
    logInStaff('Beheerder');
    const stub = stubRoutes({
      [backofficeStaffCalls.list.path]: () => jsonResponse([colleague]),
      [backofficeStaffCalls.invite.path]: () => jsonResponse({ id: 9 }),
    });
    const user = userEvent.setup();
    renderApp('/beheer/medewerkers');
    expect(await screen.findByRole('cell', { name: 'Uitgenodigd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Medewerker uitnodigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker uitnodigen' });
    await user.type(within(dialog).getByLabelText(/^E-mailadres/), 'noor@mijnspits.example');
    await user.type(within(dialog).getByLabelText(/^Voornaam/), 'Noor');
    await user.type(within(dialog).getByLabelText(/^Achternaam/), 'Visser');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByText('Er is een uitnodiging naar noor@mijnspits.example gestuurd.')).toBeInTheDocument();
    expect(stub.requests(backofficeStaffCalls.invite.path)[0]?.body).toMatchObject({ emailAddress: 'noor@mijnspits.example', role: 'Klantenservice' });
  });

  it('renews an expired access token once and replays the call', async () => {
    logInStaff('Beheerder');
    const renewed = staffTestSession('Beheerder', { accessToken: 'access-renewed' });
    stubFetch((request) => {
      if (request.url.pathname === backofficeAuthCalls.refresh.path) return jsonResponse(renewed);
      if (request.url.pathname === backofficeAuditCalls.getTable.path) {
        return request.headers.get('Authorization') === 'Bearer access-renewed'
          ? jsonResponse({ total: 0, items: [] })
          : problemResponse(401);
      }
      return problemResponse(404);
    });
    renderApp('/beheer/logboek');
    expect(await screen.findByText('Geen regels gevonden bij deze filters.')).toBeInTheDocument();
    expect(getStaffSession()?.accessToken).toBe('access-renewed');
  });

  it('sends the audit filters with the table call', async () => {
    logInStaff('Beheerder');
    const stub = stubRoutes({ [backofficeAuditCalls.getTable.path]: () => jsonResponse({ total: 0, items: [] }) });
    const user = userEvent.setup();
    renderApp('/beheer/logboek');
    await screen.findByText('Geen regels gevonden bij deze filters.');
    await user.type(screen.getByLabelText('Klant'), 'APO-1001');
    await user.type(screen.getByLabelText('Patiënt'), 'Jansen');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() =>
      expect(stub.requests(backofficeAuditCalls.getTable.path).at(-1)?.body).toMatchObject({ customer: 'APO-1001', patient: 'Jansen', page: 1 }),
    );
  });
});
