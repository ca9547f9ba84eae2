import { calls, feedback, statusMailCalls } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import SettingsRoute from './settings';

const label = 'E-mail bij een nieuwe status van mijn aanvragen en meldingen';

/** The settings page's calls, with the status-mail setting as state the switch changes. */
function stubSettings(options: { enabled: boolean; fail?: boolean }) {
  let enabled = options.enabled;
  return stubRoutes({
    [calls.account.isTotpEnabled.path]: () => jsonResponse(true),
    [statusMailCalls.getStatusMails.path]: () => jsonResponse({ enabled }),
    [statusMailCalls.setStatusMails.path]: ({ body }) => {
      if (options.fail) return problemResponse(500);
      enabled = (body as { enabled: boolean }).enabled;
      return new Response(null, { status: 204 });
    },
  });
}

describe('the status mails under Instellingen', () => {
  it('switches the mails on and off', async () => {
    const server = stubSettings({ enabled: false });
    const { user } = openRoute(SettingsRoute, '/settings');
    const card = await screen.findByRole('region', { name: 'Meldingen' });
    const toggle = await within(card).findByRole('switch', { name: label });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.requests(statusMailCalls.setStatusMails.path)[0]?.body).toEqual({ enabled: true });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.requests(statusMailCalls.setStatusMails.path)[1]?.body).toEqual({ enabled: false });
  });

  it('says when the change failed, and keeps the setting as it was', async () => {
    stubSettings({ enabled: true, fail: true });
    const { user } = openRoute(SettingsRoute, '/settings');
    const toggle = await screen.findByRole('switch', { name: label });
    await user.click(toggle);
    expect(await screen.findByText('Het wijzigen van deze instelling is niet gelukt.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('is not shown by a server without the setting', async () => {
    stubRoutes({ [calls.account.isTotpEnabled.path]: () => jsonResponse(true) });
    openRoute(SettingsRoute, '/settings');
    expect(await screen.findByRole('region', { name: 'Tweestapsverificatie' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Meldingen' })).toBeNull());
    expect(screen.queryByText(feedback.serverError)).toBeNull();
  });
});
