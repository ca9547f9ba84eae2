import { calls, deploymentProfilePath, deploymentProfiles, type DeploymentProfile } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { createTestQueryClient, renderRoutes } from '@/testing/render-routes';
import { logIn, testSession } from '@/testing/session';
import { createRoutes } from './router';
import { routeEndedSessionsToLogin } from './session-ended';

function stubServer(profile: DeploymentProfile | 'unavailable' | 'missing' = deploymentProfiles.default) {
  return stubFetch((request) => {
    if (request.url.pathname === deploymentProfilePath) {
      if (profile === 'missing') return problemResponse(404);
      return profile === 'unavailable' ? problemResponse(503) : jsonResponse(profile);
    }
    return new Response(null, { status: 204 });
  });
}

/** The whole app, as main.tsx builds it, at `url`. */
function renderApp(url: string) {
  const queryClient = createTestQueryClient();
  const view = renderRoutes(createRoutes(queryClient), url, queryClient);
  routeEndedSessionsToLogin(queryClient, view.router);
  return view;
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Hoofdmenu' });

beforeEach(() => {
  stubDesktopScreen();
});

describe('the route table', () => {
  it('sends every dashboard route to /auth without a session', async () => {
    stubServer();
    const { router } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    await waitFor(() => expect(document.title).toBe('Inloggen · Mijn Spits'));
  });

  it('sends someone logged in from /auth to the dashboard, and still opens the links of mails', async () => {
    stubServer();
    logIn();
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    await router.navigate('/auth/reset-password');
    expect(await screen.findByRole('heading', { name: 'Wachtwoord vergeten' })).toBeInTheDocument();
  });

  it('logs in on /auth and opens the dashboard in its layout', async () => {
    stubFetch((request) => {
      if (request.url.pathname === calls.authentication.loginWithCredentials.path) return jsonResponse(testSession);
      if (request.url.pathname === deploymentProfilePath) return jsonResponse(deploymentProfiles.default);
      return problemResponse(404);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth');

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn Spits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(within(screen.getByRole('banner')).getByText('Anouk')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Mijn Spits'));
  });

  it('shows a dashboard route with its title in the top bar, the page and the document title', async () => {
    logIn({ firstName: 'anouk' });
    stubServer();
    renderApp('/products');

    expect(await screen.findByRole('heading', { level: 1, name: 'Assortiment Overzicht' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Assortiment Overzicht')).toBeInTheDocument();
    expect(within(banner).getByText('anouk')).toBeInTheDocument();
    expect(within(banner).getByText('A')).toBeInTheDocument();
    // The title is set by an effect after the render that shows the heading.
    await waitFor(() => expect(document.title).toBe('Assortiment Overzicht · Mijn Spits'));
    expect(within(mainMenu()).getByRole('link', { name: 'Assortiment Overzicht' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the order detail route with its id', async () => {
    logIn();
    stubServer();
    renderApp('/orders/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling 12' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bestelling · Mijn Spits'));
  });

  it('reaches the imperfection variant of the deployment profile', async () => {
    logIn();
    stubServer(deploymentProfiles.default);
    renderApp('/forms/reportImperfectionInceptionOosterwolde');
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding onvolkomenheden' })).toBeInTheDocument();
  });

  it.each([
    '/forms/reportImperfection',
    '/forms/reportImperfectionInceptionApeldoorn',
    '/forms/reportImperfectionInceptionAlkmaar',
  ])('sends %s, a variant the deployment does not offer, back to the dashboard', async (path) => {
    logIn();
    stubServer(deploymentProfiles.default);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn Spits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows another deployment profile: its variant reachable, the calendar hidden', async () => {
    logIn();
    stubServer(deploymentProfiles.alkmaar);
    renderApp('/forms/reportImperfectionInceptionAlkmaar');

    expect(await screen.findByRole('heading', { level: 1, name: 'Melding onvolkomenheden' })).toBeInTheDocument();
    expect(within(mainMenu()).queryByRole('link', { name: 'Leveringsafspraken' })).not.toBeInTheDocument();
  });

  it('uses the default profile when the deployment profile cannot be read', async () => {
    logIn();
    stubServer('unavailable');
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn Spits' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(mainMenu()).getByRole('link', { name: 'Leveringsafspraken' })).toBeInTheDocument();
    await userEvent.setup().click(within(mainMenu()).getByRole('button', { name: 'Formulieren' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Melding onvolkomenheden' })).toHaveAttribute(
      'href',
      '/forms/reportImperfectionInceptionOosterwolde',
    );
  });

  it("asks the profile as the signed-in customer and follows its site: an Alkmaar customer reaches the Alkmaar form, not Oosterwolde's", async () => {
    const session = logIn();
    const seen: (string | null)[] = [];
    stubFetch((request) => {
      if (request.url.pathname !== deploymentProfilePath) return new Response(null, { status: 204 });
      seen.push(request.headers.get('authorization'));
      return jsonResponse(request.headers.get('authorization') ? deploymentProfiles.alkmaar : deploymentProfiles.default);
    });
    const { router } = renderApp('/forms/reportImperfectionInceptionAlkmaar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding onvolkomenheden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forms/reportImperfectionInceptionAlkmaar');
    expect(seen).toEqual([`Bearer ${session.accessToken}`]);
    await router.navigate('/forms/reportImperfectionInceptionOosterwolde');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('reaches the Oosterwolde form on a server without the deployment-profile call (the spec’s default)', async () => {
    logIn();
    stubServer('missing');
    const { router } = renderApp('/forms/reportImperfectionInceptionOosterwolde');
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding onvolkomenheden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forms/reportImperfectionInceptionOosterwolde');
  });

  it('shows Medewerkers in the menu to administrators', async () => {
    logIn({ isAdministrator: true });
    stubServer();
    renderApp('/');
    expect(await within(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).findByRole('link', { name: 'Medewerkers' })).toHaveAttribute(
      'href',
      '/pharmacists',
    );
  });

  it('hides Medewerkers from employees, and tells them the page is for administrators', async () => {
    logIn({ isAdministrator: false });
    const server = stubServer();
    renderApp('/pharmacists');
    expect(await screen.findByText(/Alleen administrators van uw organisatie/)).toBeInTheDocument();
    expect(within(mainMenu()).getByRole('link', { name: 'Serviceproducten' })).toHaveAttribute('href', '/orders-add');
    expect(within(mainMenu()).getByRole('link', { name: 'Bestellingen' })).toHaveAttribute('href', '/orders');
    expect(within(mainMenu()).queryByRole('link', { name: 'Medewerkers' })).not.toBeInTheDocument();
    expect(server.requests(calls.pharmacist.getPharmacistTable.path)).toHaveLength(0);
  });

  it('logs out from the menu: the server is told, the session cleared, the login shown', async () => {
    logIn();
    const server = stubServer();
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(getSession()).toBeNull();
    expect(server.requests(calls.authentication.logout.path)).toHaveLength(1);
  });

  it('sends the user to /auth when the session cannot be renewed', async () => {
    logIn();
    stubFetch((request) =>
      request.url.pathname === deploymentProfilePath ? jsonResponse(deploymentProfiles.default) : problemResponse(401),
    );
    const { router } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(getSession()).toBeNull();
  });

  it('shows a not-found page for unknown addresses', async () => {
    logIn();
    stubServer();
    renderApp('/bestaat-niet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});
