import { feedback, myRequestCalls, replyText, type MyRequestRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import MyRequestsRoute from './my-requests';

const tablePath = myRequestCalls.getMyRequestTable.path;
const open = () => openRoute(MyRequestsRoute, '/mijn-aanvragen');

const answered: MyRequestRow = {
  itemKind: 'Submission',
  id: 41,
  kind: 'ImmediateProduct',
  receivedAt: '2026-03-02T09:15:00.000Z',
  status: 'Processing',
  statusChangedAt: '2026-03-02T11:00:00.000Z',
  submitterName: 'Sanne Pieters',
  answers: [
    { at: '2026-03-02T11:05:00.000Z', subject: 'Uw aanvraag rollen van 02-03-2026', text: 'De rollen komen vrijdag.\nMet groet, Karim' },
    { at: '2026-03-03T08:00:00.000Z', subject: 'Aanvulling', text: 'Ze zijn verstuurd.' },
  ],
  thread: [
    { at: '2026-03-02T11:05:00.000Z', from: 'provider', author: null, subject: 'Uw aanvraag rollen van 02-03-2026', text: 'De rollen komen vrijdag.\nMet groet, Karim', files: [] },
    { at: '2026-03-03T08:00:00.000Z', from: 'provider', author: null, subject: 'Aanvulling', text: 'Ze zijn verstuurd.', files: [] },
  ],
};
const order: MyRequestRow = { ...answered, itemKind: 'ServiceOrder', id: 12, kind: 'ServiceOrder', status: 'New', answers: [], thread: [] };

describe('Mijn aanvragen en meldingen', () => {
  it('shows what was sent, its status and whether the provider answered, newest first', async () => {
    const server = stubRoutes({ [tablePath]: () => jsonResponse({ total: 2, items: [answered, order] }) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn aanvragen en meldingen' })).toBeInTheDocument();
    await screen.findByText('Aanvraag rollen');
    const rows = within(screen.getByRole('table', { name: 'Mijn aanvragen en meldingen' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('02-03-2026 10:15');
    expect(rows[1]).toHaveTextContent('Aanvraag rollen');
    expect(rows[1]).toHaveTextContent('AAN-2026-000041');
    expect(rows[1]).toHaveTextContent('In behandeling');
    expect(rows[2]).toHaveTextContent('Bestelling serviceproducten');
    expect(rows[2]).toHaveTextContent('BST-2026-000012');
    expect(rows[2]).toHaveTextContent('Nieuw');
    // Every row opens its conversation: one with messages to read them, one without to say the first word.
    expect(within(rows[1]!).getByRole('button', { name: 'Berichten over Aanvraag rollen van 02-03-2026 lezen' })).toHaveTextContent('Lezen (2)');
    expect(within(rows[2]!).getByRole('button', { name: 'Reageren op Bestelling serviceproducten van 02-03-2026' })).toHaveTextContent(replyText.reply);
    expect(server.requests(tablePath)[0]?.body).toEqual({ sortBy: 'receivedAt', descending: true, page: 1, rowsPerPage: 20, search: '' });
  });

  it("reads the provider's answers", async () => {
    stubRoutes({ [tablePath]: () => jsonResponse({ total: 1, items: [answered] }) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Berichten over Aanvraag rollen van 02-03-2026 lezen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uw aanvraag rollen van 02-03-2026' });
    await within(dialog).findByText('De rollen komen vrijdag.', { exact: false });
    expect(dialog).toHaveTextContent('De rollen komen vrijdag.');
    expect(dialog).toHaveTextContent('Aanvulling');
    expect(dialog).toHaveTextContent('03-03-2026 09:00');
    await user.click(within(dialog).getByRole('button', { name: replyText.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a kind or status it does not know as it came', async () => {
    stubRoutes({ [tablePath]: () => jsonResponse({ total: 1, items: [{ ...order, kind: 'Terugroepactie', status: 'Wacht', answers: undefined, thread: undefined }] }) });
    open();
    await screen.findByText('Terugroepactie');
    const rows = within(screen.getByRole('table', { name: 'Mijn aanvragen en meldingen' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Terugroepactie');
    expect(rows[1]).toHaveTextContent('Wacht');
    expect(rows[1]).toHaveTextContent(replyText.reply);
  });

  it('says calmly that a server without the call has no such overview', async () => {
    stubRoutes({});
    open();
    expect(await screen.findByText('Het overzicht van uw aanvragen en meldingen is in deze omgeving niet beschikbaar.')).toBeInTheDocument();
    expect(screen.queryByText(feedback.tableLoadFailed)).toBeNull();
  });

  it('says when there is nothing yet, and when the table cannot be fetched', async () => {
    stubRoutes({ [tablePath]: () => jsonResponse({ total: 0, items: [] }) });
    const first = open();
    expect(await screen.findByText('Geen aanvragen of meldingen gevonden...')).toBeInTheDocument();
    first.unmount();
    stubRoutes({ [tablePath]: () => problemResponse(500) });
    open();
    expect(await screen.findByText(feedback.tableLoadFailed)).toBeInTheDocument();
  });
});
