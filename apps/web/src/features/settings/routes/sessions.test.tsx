import { browserIdHeader, calls, sessionCalls, type AccountSession } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import SettingsRoute from './settings';

const here: AccountSession = {
  id: '0b6f2c1e-5d7a-4f0e-9a51-1c2d3e4f5a6b',
  browser: 'Chrome op Windows',
  address: '203.0.113.7',
  place: null,
  startedAt: '2026-11-25T08:00:00.000Z',
  lastUsedAt: '2026-11-25T09:15:00.000Z',
  current: true,
};
const phone: AccountSession = {
  ...here,
  id: '7d3a9b2c-1e4f-4a6b-8c0d-2e3f4a5b6c7d',
  browser: 'Safari op iPhone',
  address: '192.168.1.20',
  place: 'lokaal netwerk',
  current: false,
};

/** The settings page's calls, with the sessions as state that ending changes. */
function stubSessions(start: AccountSession[], options: { failEnd?: boolean } = {}) {
  let sessions = start;
  return stubRoutes({
    [calls.account.isTotpEnabled.path]: () => jsonResponse(false),
    [sessionCalls.getSessions.path]: () => jsonResponse(sessions),
    [sessionCalls.endSession.path]: ({ body }) => {
      if (options.failEnd) return problemResponse(500);
      sessions = sessions.filter((s) => s.id !== (body as { sessionId: string }).sessionId);
      return new Response(null, { status: 204 });
    },
    [sessionCalls.endOtherSessions.path]: () => {
      sessions = sessions.filter((s) => s.current);
      return new Response(null, { status: 204 });
    },
  });
}

const card = () => screen.findByRole('region', { name: 'Actieve sessies' });

describe('the active sessions under Beveiliging', () => {
  it('lists where the account is logged in, this session marked', async () => {
    const server = stubSessions([here, phone]);
    openRoute(SettingsRoute, '/settings');
    const list = await within(await card()).findByRole('list', { name: 'Actieve sessies' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Chrome op Windows, deze sessie', 'Safari op iPhone']);
    expect(items[0]).toHaveTextContent('Deze sessie');
    expect(items[0]).toHaveTextContent('203.0.113.7');
    expect(items[0]).toHaveTextContent('Ingelogd 25-11-2026 09:00 · laatst gebruikt 25-11-2026 10:15');
    expect(items[1]).toHaveTextContent('192.168.1.20 (lokaal netwerk)');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    // Every call says which browser it comes from.
    expect(server.requests(sessionCalls.getSessions.path)[0]?.headers.get(browserIdHeader)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('ends another session, and all others', async () => {
    const server = stubSessions([here, phone, { ...phone, id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', browser: 'Firefox op Linux' }]);
    const { user } = openRoute(SettingsRoute, '/settings');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: /^Sessie Safari op iPhone .* beëindigen$/ }));
    await waitFor(() => expect(within(region).queryByText('Safari op iPhone')).toBeNull());
    expect(server.requests(sessionCalls.endSession.path)[0]?.body).toEqual({ sessionId: phone.id });
    await user.click(within(region).getByRole('button', { name: 'Alle andere sessies beëindigen' }));
    expect(await within(region).findByText('Uw account is nergens anders ingelogd.')).toBeInTheDocument();
    expect(within(region).queryByText('Firefox op Linux')).toBeNull();
  });

  it('says when ending failed, and keeps the list', async () => {
    stubSessions([here, phone], { failEnd: true });
    const { user } = openRoute(SettingsRoute, '/settings');
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: /^Sessie Safari op iPhone .* beëindigen$/ }));
    expect(await within(region).findByRole('alert')).toBeInTheDocument();
    expect(within(region).getByText('Safari op iPhone')).toBeInTheDocument();
  });

  it('is left out on a server without the session list', async () => {
    stubRoutes({ [calls.account.isTotpEnabled.path]: () => jsonResponse(false) });
    openRoute(SettingsRoute, '/settings');
    expect(await screen.findByRole('region', { name: 'Wachtwoord wijzigen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Actieve sessies' })).toBeNull());
  });
});
