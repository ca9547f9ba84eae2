import { backofficeInboxCalls as calls, feedback, inboxStatusLabels, inboxText } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse } from '@/testing/fetch-stub';
import { optionTexts } from '@/testing/native-select';
import { backofficePaths } from '../../../paths';
import { bodiesOf, openInbox, orderRow, rollDetail, rollRow, stubInbox } from '../testing/inbox-fixtures';

const tablePath = calls.getTable.path;
const lastTableBody = (server: Parameters<typeof bodiesOf>[0]) => bodiesOf(server, tablePath).at(-1);

async function enabledField(name: string) {
  await waitFor(() => expect(screen.getByRole('textbox', { name })).toBeEnabled());
  return screen.getByRole('textbox', { name });
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

describe('the inbox', () => {
  it('shows every item with its kind, customer, submitter, patient, status and handler, newest first', async () => {
    const server = stubInbox({ [tablePath]: () => jsonResponse({ total: 2, items: [rollRow, orderRow] }) });
    openInbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    await screen.findByText('Sanne Pieters');
    const rows = within(screen.getByRole('table', { name: 'Inbox' })).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Aanvraag rollen AAN-2026-000041 openen' })).toHaveTextContent('Aanvraag rollen');
    expect(rows[1]).toHaveTextContent('Apotheek De Linde APO-1001');
    expect(rows[1]).toHaveTextContent('Sanne Pieters');
    expect(rows[1]).toHaveTextContent('Anaïs Bakker');
    expect(rows[1]).toHaveTextContent('Nieuw');
    expect(rows[1]).toHaveTextContent('Nog niemand');
    expect(rows[1]).toHaveTextContent('AAN-2026-000041');
    expect(rows[2]).toHaveTextContent('Bestelling serviceproducten');
    expect(rows[2]).toHaveTextContent('In behandeling');
    expect(rows[2]).toHaveTextContent('Bea Jansen');
    // The default: newest first, 20 a page, the server's default statuses (New and Processing).
    expect(lastTableBody(server)).toMatchObject({ sortBy: 'receivedAt', descending: true, page: 1, rowsPerPage: 20, search: '', statuses: null, kinds: null });
  });

  it('filters on status, kind, handler and period, keeps them in the address, and clears them', async () => {
    const server = stubInbox({ [tablePath]: () => jsonResponse({ total: 0, items: [] }) });
    const { user, router } = openInbox();
    expect(await screen.findByText('Er wacht niets: geen nieuwe items en niets in behandeling.')).toBeInTheDocument();

    await choose(user, 'Status', 'Gearchiveerd');
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ statuses: ['Archived'] }));
    await choose(user, 'Soort', 'Vraag');
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ kinds: ['NonFaqQuestion'] }));
    await choose(user, 'Behandelaar', 'Nog niemand');
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ assignee: 'nobody' }));
    await choose(user, 'Behandelaar', 'Kees de Vries');
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ assignee: 8 }));
    // The period's fields take a date once the date pickers' code is there (a chunk of its own).
    fireEvent.change(await enabledField('Ontvangen vanaf'), { target: { value: '05-03-2026' } });
    fireEvent.change(await enabledField('Ontvangen t/m'), { target: { value: '01-03-2026' } });
    // An end before the start is said, and not sent.
    expect(await screen.findByText(inboxText.periodOrder)).toBeInTheDocument();
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ receivedFrom: '2026-03-05', receivedUntil: null }));
    expect(router.state.location.search).toBe('?status=Archived&kind=NonFaqQuestion&assignee=8&from=2026-03-05&until=2026-03-01');
    expect(screen.getByText('Geen items gevonden met deze filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ statuses: null, kinds: null, assignee: null, receivedFrom: null }));
    expect(router.state.location.search).toBe('');
  });

  it('shows every status when asked, and one customer when a row asks for it', async () => {
    const server = stubInbox({ [tablePath]: () => jsonResponse({ total: 1, items: [rollRow] }) });
    const { user } = openInbox(`${backofficePaths.inbox.path}?status=all`);
    await user.click(await screen.findByRole('button', { name: 'Alleen Apotheek De Linde tonen' }));
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ statuses: [], customerId: rollRow.customerId }));
    const chip = screen.getByRole('button', { name: 'Filter op klant Apotheek De Linde verwijderen' });
    expect(chip).toHaveTextContent('Klant: Apotheek De Linde');
    await user.click(chip);
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ customerId: null }));
  });

  it('reads a filter the address holds wrongly as no filter, and a customer name without its customer as none', async () => {
    const server = stubInbox({ [tablePath]: () => jsonResponse({ total: 1, items: [rollRow] }) });
    openInbox(`${backofficePaths.inbox.path}?status=Gone&kind=Nothing&assignee=someone&client=42&clientName=Apotheek%20Elders&from=gisteren&until=2026-13`);
    await screen.findByText('Sanne Pieters');
    expect(lastTableBody(server)).toMatchObject({ statuses: null, kinds: null, assignee: null, customerId: null, receivedFrom: null, receivedUntil: null });
    expect(screen.queryByText('Klant: Apotheek Elders')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue(`${inboxStatusLabels.New} en ${inboxStatusLabels.Processing}`);
  });

  it('offers Kwaliteit the imperfection reports only as kinds', async () => {
    stubInbox({ [tablePath]: () => jsonResponse({ total: 0, items: [] }) });
    openInbox(backofficePaths.inbox.path, 'Kwaliteit');
    expect(optionTexts(await screen.findByRole('combobox', { name: 'Soort' }))).toEqual([
      'Alle soorten',
      'Melding onvolkomenheden',
      'Melding onvolkomenheden (Oosterwolde)',
      'Melding onvolkomenheden (Apeldoorn)',
      'Melding onvolkomenheden (Alkmaar)',
    ]);
  });

  it('says so when the table cannot be fetched, and fetches it again', async () => {
    let fail = true;
    stubInbox({ [tablePath]: () => (fail ? problemResponse(500) : jsonResponse({ total: 1, items: [rollRow] })) });
    const { user } = openInbox();
    expect(await screen.findByText(feedback.tableLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: 'Aanvraag rollen AAN-2026-000041 openen' })).toBeInTheDocument();
  });

  it('opens an item from its row, and goes back to the inbox as it was left', async () => {
    stubInbox({
      [tablePath]: () => jsonResponse({ total: 1, items: [rollRow] }),
      [calls.getItem.path]: () => jsonResponse(rollDetail),
    });
    const { user, router } = openInbox(`${backofficePaths.inbox.path}?status=New`);
    await user.click(await screen.findByRole('link', { name: 'Aanvraag rollen AAN-2026-000041 openen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aanvraag rollen AAN-2026-000041' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/beheer/inbox/formulier/41');
    await user.click(screen.getByRole('link', { name: 'Terug naar de inbox' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=New'));
  });

  it('says what a search found outside the filters, and shows it at a click, the search kept', async () => {
    const server = stubInbox({
      [tablePath]: (request) => {
        const body = request.body as { search?: string; statuses?: unknown[] | null };
        if (!body.search) return jsonResponse({ total: 0, items: [], outsideFilters: null });
        return Array.isArray(body.statuses) && body.statuses.length === 0
          ? jsonResponse({ total: 1, items: [rollRow], outsideFilters: null })
          : jsonResponse({ total: 0, items: [], outsideFilters: { count: 2, filters: ['statuses', 'kinds'] } });
      },
    });
    const { user, router } = openInbox(`${backofficePaths.inbox.path}?kind=ImmediateProduct`);
    await user.type(await screen.findByRole('searchbox', { name: 'Zoeken' }), 'AAN-2026-000041{Enter}');
    expect(await screen.findByText('2 resultaten vallen buiten uw filters (status en soort).')).toBeInTheDocument();
    expect(screen.getByText('Niets gevonden voor ‘AAN-2026-000041’ met deze filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toon ze' }));
    await waitFor(() => expect(lastTableBody(server)).toMatchObject({ search: 'AAN-2026-000041', statuses: [], kinds: null }));
    // The search is kept in the address with the filters (issue 30.5: a named view holds both).
    expect(router.state.location.search).toBe('?q=AAN-2026-000041&status=all');
    expect(await screen.findByRole('link', { name: 'Aanvraag rollen AAN-2026-000041 openen' })).toBeInTheDocument();
  });
});
