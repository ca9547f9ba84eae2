import {
  backofficeWebhookCalls as calls,
  webhookScreenText as t,
  webhookText,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  validation,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { backofficePaths } from '../../../paths';
import { openStaffPages } from '../../../testing/staff-session';
import ImportRunsRoute from './import-runs';
import WebhooksRoute from './webhooks';

const orderDesk = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', name: 'Orderdesk', scopes: ['orders:read', 'products'], contactEmail: 'orders@erp.test', revoked: false };
const catalogue = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000002', name: 'Catalogus', scopes: ['products'], contactEmail: null, revoked: false };
const healthy: WebhookEndpointRow = {
  id: '0b6e4a52-0000-4000-8000-000000000001',
  integrationClientId: orderDesk.id,
  clientName: 'Orderdesk',
  url: 'https://erp.example.nl/hooks/orders',
  eventTypes: ['serviceOrder.created'],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  lastSuccessAt: '2026-11-26T08:00:00Z',
  pendingDeliveries: 0,
  createdAt: '2026-11-20T08:00:00Z',
};
const failing: WebhookEndpointRow = { ...healthy, id: '0b6e4a52-0000-4000-8000-000000000002', url: 'https://erp.example.nl/hooks/failing', failingSince: '2026-11-25T10:00:00Z', pendingDeliveries: 3 };
const switchedOff: WebhookEndpointRow = {
  ...healthy,
  id: '0b6e4a52-0000-4000-8000-000000000003',
  url: 'https://erp.example.nl/hooks/off',
  enabled: false,
  disabledAt: '2026-11-26T07:00:00Z',
  disabledReason: webhookText.switchedOffReason,
  failingSince: '2026-11-21T07:00:00Z',
};
const delivery: WebhookDeliveryRow = {
  id: 77,
  endpointId: failing.id,
  url: failing.url,
  eventId: '9d0c7d1e-5555-4a4a-8a8a-00000000abcd',
  eventType: 'serviceOrder.created',
  eventPosition: 12,
  replay: false,
  status: 'pending',
  attempts: 1,
  nextAttemptAt: '2026-11-26T09:05:05Z',
  lastAttemptAt: '2026-11-26T09:05:00Z',
  lastStatusCode: null,
  lastError: 'connect ECONNREFUSED 127.0.0.1:4999',
  deliveredAt: null,
  createdAt: '2026-11-26T09:04:59Z',
};

const pages = [
  { path: backofficePaths.importRuns.path, Component: ImportRunsRoute },
  { path: backofficePaths.webhooks.path, Component: WebhooksRoute },
];

function stubWebhooks(endpoints: WebhookEndpointRow[], more: Parameters<typeof stubRoutes>[0] = {}) {
  return stubRoutes({
    [calls.listClients.path]: () => jsonResponse([orderDesk, catalogue]),
    [calls.listEndpoints.path]: () => jsonResponse(endpoints),
    [calls.listDeliveries.path]: () => jsonResponse({ total: 0, items: [] }),
    ...more,
  });
}

beforeEach(() => stubDesktopScreen());

describe('Koppelingen, Webhooks', () => {
  it('shows a failing and a switched-off endpoint at a glance, in words, and counts the failing ones on the tab of either part', async () => {
    stubWebhooks([healthy, failing, switchedOff], { '/api/backoffice/ImportRuns/GetTable': () => jsonResponse({ total: 0, items: [] }) });
    const { user } = openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    const list = await screen.findByRole('region', { name: `${t.client} Orderdesk` });
    const card = (url: string) => within(list).getByRole('listitem', { name: url });

    expect(within(card(healthy.url)).getByText(t.active)).toBeInTheDocument();
    expect(card(healthy.url)).toHaveTextContent(`${t.lastSuccess}${formatDateTime(healthy.lastSuccessAt)}`);
    const failingChip = within(card(failing.url)).getByText(t.failingSince(formatDateTime(failing.failingSince)));
    expect(failingChip.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(failingChip.closest('.MuiChip-root')?.querySelector('svg')).not.toBeNull();
    expect(card(failing.url)).toHaveTextContent(`${t.pending}3`);
    const offChip = within(card(switchedOff.url)).getByText(t.switchedOffSince(formatDateTime(switchedOff.disabledAt)));
    expect(offChip.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(card(switchedOff.url)).toHaveTextContent(`${t.reason}${webhookText.switchedOffReason}`);
    expect(within(card(switchedOff.url)).getByRole('button', { name: t.switchOn })).toBeInTheDocument();
    expect(within(card(healthy.url)).queryByText(/faalt/)).toBeNull();

    expect(await screen.findByRole('tab', { name: 'Webhooks (2 faalt)', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Importruns' }));
    expect(await screen.findByRole('tab', { name: 'Webhooks (2 faalt)', selected: false })).toBeInTheDocument();
  });

  it('says when there are no endpoints, and when they cannot be loaded', async () => {
    stubWebhooks([]);
    const first = openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    expect(await screen.findByText(t.noEndpoints)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Webhooks', selected: true })).toBeInTheDocument();
    first.unmount();
    stubWebhooks([], { [calls.listEndpoints.path]: () => problemResponse(500) });
    openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    expect(await screen.findByText(t.endpointsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it("creates an endpoint with the types its client's scopes allow, shows the server's refusal at its field and then the secret once", async () => {
    let refused = false;
    const server = stubWebhooks([], {
      [calls.createEndpoint.path]: () => {
        if (!refused) {
          refused = true;
          return problemResponse(400, { url: [webhookText.urlInvalid] });
        }
        return jsonResponse({ id: healthy.id, secret: 'whsec_c2VjcmV0LW9mLXRoZS10ZXN0' });
      },
    });
    const { user } = openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    await screen.findByText(t.noEndpoints);
    await waitFor(() => expect(screen.getByRole('button', { name: t.add })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: t.add }));
    const dialog = await screen.findByRole('dialog', { name: t.add });

    const client = within(dialog).getByRole('combobox', { name: new RegExp(t.client) });
    await user.selectOptions(client, 'Catalogus');
    expect(within(dialog).getByText(t.noTypesAllowed)).toBeInTheDocument();
    await user.selectOptions(client, 'Orderdesk');
    const types = within(dialog).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).value);
    expect(types).toEqual(['serviceOrder.created', 'serviceOrder.statusChanged', 'serviceOrder.answered', 'serviceOrder.replied']);
    await user.click(within(dialog).getByRole('checkbox', { name: /serviceOrder\.created/ }));
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(t.url.replace(/[()]/g, '\\$&')) }), 'http://erp.example.nl/hook');
    await user.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(webhookText.urlInvalid)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: t.create }));
    const secret = await screen.findByRole('dialog', { name: t.secretTitle });
    expect(server.requests(calls.createEndpoint.path).at(-1)?.body).toEqual({ integrationClientId: orderDesk.id, url: 'http://erp.example.nl/hook', eventTypes: ['serviceOrder.created'] });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0LW9mLXRoZS10ZXN0');
    expect(secret).toHaveTextContent(t.secretText);
    await user.click(within(secret).getByRole('button', { name: t.copy }));
    expect(await within(secret).findByText(t.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_c2VjcmV0LW9mLXRoZS10ZXN0');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: t.secretTitle })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: t.secretKept }));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0LW9mLXRoZS10ZXN0')).toBeNull());
  });

  it('switches an endpoint off after asking, with the reason given', async () => {
    const server = stubWebhooks([healthy], { [calls.setEndpointEnabled.path]: () => new Response(null, { status: 204 }) });
    const { user } = openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    const card = await screen.findByRole('listitem', { name: healthy.url });
    await user.click(within(card).getByRole('button', { name: t.switchOff }));
    const dialog = await screen.findByRole('dialog', { name: t.switchOffTitle(healthy.url) });
    expect(dialog).toHaveTextContent(t.switchOffText);
    expect(server.requests(calls.setEndpointEnabled.path)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: t.switchOffReason }), 'Onderhoud ERP');
    await user.click(within(dialog).getByRole('button', { name: t.switchOff }));
    expect(await screen.findByText(t.switchedOffDone(healthy.url))).toBeInTheDocument();
    expect(server.requests(calls.setEndpointEnabled.path)[0]?.body).toEqual({ id: healthy.id, enabled: false, reason: 'Onderhoud ERP' });
  });

  it("filters the deliveries in the address, opens a delivery's attempts and replays it", async () => {
    const server = stubWebhooks([failing], {
      [calls.listDeliveries.path]: () => jsonResponse({ total: 41, items: [delivery] }),
      [calls.listAttempts.path]: () => jsonResponse([{ id: 1, attemptedAt: '2026-11-26T09:05:00Z', statusCode: null, error: delivery.lastError, durationMs: 3 }]),
      [calls.replayDelivery.path]: () => new Response(null, { status: 204 }),
    });
    const { user, router } = openStaffPages(pages, `${backofficePaths.webhooks.path}?status=pending&from=2026-11-26&until=2026-11-26`, 'Beheerder');
    const table = await screen.findByRole('table', { name: t.deliveriesTitle });
    const row = (await within(table).findByText(delivery.eventId)).closest('tr')!;
    expect(row).toHaveTextContent('Wacht op aflevering');
    expect(row).toHaveTextContent(delivery.lastError!);
    expect(server.requests(calls.listDeliveries.path)[0]?.body).toEqual({
      endpointId: null,
      status: 'pending',
      from: '2026-11-25T23:00:00.000Z',
      until: '2026-11-26T23:00:00.000Z',
      page: 1,
      rowsPerPage: 20,
    });

    await user.click(within(screen.getByRole('listitem', { name: failing.url })).getByRole('button', { name: t.showDeliveries }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('endpoint')).toBe(failing.id));
    await waitFor(() => expect(server.requests(calls.listDeliveries.path).at(-1)?.body).toMatchObject({ endpointId: failing.id, status: 'pending' }));

    // The table is made anew for the new filters: its row is found again.
    const filtered = (await within(screen.getByRole('table', { name: t.deliveriesTitle })).findByText(delivery.eventId)).closest('tr')!;
    await user.click(within(filtered).getByRole('button', { name: new RegExp(`^${t.showAttempts}`) }));
    const attempts = await screen.findByRole('dialog', { name: /Pogingen van/ });
    const attempt = (await within(attempts).findByText(delivery.lastError!)).closest('tr')!;
    expect(attempt).toHaveTextContent(formatDateTime('2026-11-26T09:05:00Z', { seconds: true }));
    expect(attempt).toHaveTextContent('3 ms');
    expect(server.requests(calls.listAttempts.path)[0]?.body).toEqual({ deliveryId: 77 });
    await user.click(within(attempts).getByRole('button', { name: t.close }));

    const again = (await within(screen.getByRole('table', { name: t.deliveriesTitle })).findByText(delivery.eventId)).closest('tr')!;
    await user.click(within(again).getByRole('button', { name: new RegExp(`^${t.replay}`) }));
    expect(await screen.findByText(t.replayed)).toBeInTheDocument();
    expect(server.requests(calls.replayDelivery.path)[0]?.body).toEqual({ deliveryId: 77 });
  });

  it('replays a period of an endpoint after saying how, in Dutch time, and says how many', async () => {
    const server = stubWebhooks([healthy], { [calls.replayPeriod.path]: () => jsonResponse({ deliveries: 2 }) });
    const { user } = openStaffPages(pages, backofficePaths.webhooks.path, 'Beheerder');
    const card = await screen.findByRole('listitem', { name: healthy.url });
    await user.click(within(card).getByRole('button', { name: t.replayPeriod }));
    const dialog = await screen.findByRole('dialog', { name: t.replayPeriodTitle(healthy.url) });
    expect(dialog).toHaveTextContent(t.replayPeriodText);
    const from = within(dialog).getByRole('textbox', { name: new RegExp(`^${t.replayFrom.replace(/[()]/g, '\\$&')}`) });
    const until = within(dialog).getByRole('textbox', { name: new RegExp(`^${t.replayUntil.replace(/[()]/g, '\\$&')}`) });
    // Dutch notation, as the rest of the portal: an impossible day is said at its field and nothing is sent.
    await user.type(from, '31-02-2026 08:00');
    await user.type(until, '24-11-2026 11:30');
    await user.click(within(dialog).getByRole('button', { name: t.replayPeriod }));
    expect(await within(dialog).findByText(validation.invalidDate)).toBeInTheDocument();
    expect(server.requests(calls.replayPeriod.path)).toHaveLength(0);
    await user.clear(from);
    await user.type(from, '24-11-2026 08:00');
    await user.click(within(dialog).getByRole('button', { name: t.replayPeriod }));
    expect(await screen.findByText(t.replayedPeriod(2))).toBeInTheDocument();
    expect(server.requests(calls.replayPeriod.path)[0]?.body).toEqual({ endpointId: healthy.id, from: '2026-11-24T07:00:00.000Z', until: '2026-11-24T10:30:00.000Z' });
  });
});
