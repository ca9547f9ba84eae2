import {
  backofficeInboxCalls as calls,
  backofficeInboxBulkCalls as bulk,
  backofficeInboxQueueCalls as queue,
  backofficeInboxViewCalls as views,
  backofficeServiceTimeCalls as serviceTimes,
  inboxPollSeconds,
  inboxBulkText,
  inboxQueueText as t,
  inboxViewsText,
  inboxShortcutsText,
  serviceTimesText,
  inboxText,
} from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { backofficePaths } from '../../../paths';
import { bodiesOf, openInbox, orderRow, rollRow, stubInbox } from '../testing/inbox-fixtures';

const tablePath = calls.getTable.path;
const rowLink = (name: string) => screen.getByRole('link', { name: `${name} openen` });
const page = () => jsonResponse({ total: 2, items: [rollRow, orderRow], outsideFilters: null });

afterEach(() => {
  vi.useRealTimers();
});

describe('the inbox’s queue tools', () => {
  it('shows each item’s due moment, a late one as “Te laat” in words', async () => {
    stubInbox({ [tablePath]: page });
    openInbox();
    await screen.findByText('Sanne Pieters');
    const rows = within(screen.getByRole('table', { name: 'Inbox' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Te laat · 06-03-2026 09:00');
    expect(rows[1]).toHaveTextContent('11-03-2026 00:00');
    expect(rows[1]).not.toHaveTextContent(t.overdue);
  });

  it('filters on “Te laat” and sorts on the due moment, both kept in the address', async () => {
    const server = stubInbox({ [tablePath]: page });
    const { user, router } = openInbox();
    await user.click(await screen.findByRole('checkbox', { name: t.overdueFilter }));
    await waitFor(() => expect(bodiesOf(server, tablePath).at(-1)).toMatchObject({ overdue: true }));
    await user.click(screen.getByRole('button', { name: t.dueHeader }));
    await waitFor(() => expect(bodiesOf(server, tablePath).at(-1)).toMatchObject({ overdue: true, sortBy: 'dueAt', descending: false }));
    expect(router.state.location.search).toBe('?overdue=1&sort=dueAt&order=asc');
  });

  it('selects rows and the whole page, assigns them in one call, and names a refused one by its reference', async () => {
    const server = stubInbox({
      [tablePath]: page,
      [bulk.assign.path]: () =>
        jsonResponse({ done: [{ itemKind: 'Submission', id: 41 }], refused: [{ itemKind: 'ServiceOrder', id: 12, reference: 'BST-2026-000012', message: inboxText.assigneeCannotSee }] }),
    });
    const { user } = openInbox();
    await user.click(await screen.findByRole('checkbox', { name: t.selectItem('AAN-2026-000041') }));
    expect(screen.getByText(inboxBulkText.selected(1))).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: inboxBulkText.selectAll }));
    expect(screen.getByText(inboxBulkText.selected(2))).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: inboxBulkText.assign }), 'Kees de Vries');
    await user.click(screen.getByRole('button', { name: `${inboxBulkText.apply}: ${inboxBulkText.assign.toLowerCase()}` }));
    expect(await screen.findByText(`BST-2026-000012: ${inboxText.assigneeCannotSee}`)).toBeInTheDocument();
    expect(bodiesOf(server, bulk.assign.path)).toEqual([
      { items: [{ itemKind: 'Submission', id: 41 }, { itemKind: 'ServiceOrder', id: 12 }], assigneeId: 8 },
    ]);
    // The refused item stays selected, to try again.
    expect(screen.getByText(inboxBulkText.selected(1))).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: t.selectItem('BST-2026-000012') })).toBeChecked();
  });

  it('assigns a row to the caller in one click', async () => {
    const server = stubInbox({ [tablePath]: page, [calls.assign.path]: () => jsonResponse(undefined, 204) });
    const { user } = openInbox();
    await user.click(await screen.findByRole('button', { name: `${t.assignToMe}: AAN-2026-000041` }));
    await waitFor(() => expect(bodiesOf(server, calls.assign.path)).toEqual([{ itemKind: 'Submission', id: 41, assigneeId: 7 }]));
  });

  it('moves with j and k, assigns with m and archives with e (a New item through In behandeling), not while typing', async () => {
    const server = stubInbox({
      [tablePath]: page,
      [calls.assign.path]: () => jsonResponse(undefined, 204),
      [calls.setStatus.path]: () => jsonResponse(undefined, 204),
    });
    const { user } = openInbox();
    await screen.findByRole('table', { name: 'Inbox' });
    await waitFor(() => expect(rowLink('Aanvraag rollen AAN-2026-000041')).toBeInTheDocument());

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'jk');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Zoeken' }));
    (document.activeElement as HTMLElement).blur();

    await user.keyboard('j');
    expect(rowLink('Aanvraag rollen AAN-2026-000041')).toHaveFocus();
    await user.keyboard('j');
    expect(rowLink('Bestelling serviceproducten BST-2026-000012')).toHaveFocus();
    await user.keyboard('k');
    expect(rowLink('Aanvraag rollen AAN-2026-000041')).toHaveFocus();

    await user.keyboard('m');
    await waitFor(() => expect(bodiesOf(server, calls.assign.path)).toEqual([{ itemKind: 'Submission', id: 41, assigneeId: 7 }]));
    await user.keyboard('e');
    await waitFor(() =>
      expect(bodiesOf(server, calls.setStatus.path)).toEqual([
        { itemKind: 'Submission', id: 41, status: 'Processing' },
        { itemKind: 'Submission', id: 41, status: 'Archived' },
      ]),
    );
  });

  it('lists the keys in a dialog at ?', async () => {
    stubInbox({ [tablePath]: page });
    const { user } = openInbox();
    await screen.findByRole('table', { name: 'Inbox' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: inboxShortcutsText.title });
    for (const [key, what] of inboxShortcutsText.keys) expect(within(dialog).getByRole('row', { name: `${key} ${what}` })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: inboxShortcutsText.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says every 30 s how many items are new, and shows them at a click, the selection kept', async () => {
    let count = 0;
    const server = stubInbox({
      [tablePath]: page,
      [queue.countSince.path]: (request) =>
        jsonResponse({ count: (request.body as { since: string | null }).since === '2026-03-02T10:00:00.000Z' ? count : 0, asOf: count ? '2026-03-02T10:01:00.000Z' : '2026-03-02T10:00:00.000Z' }),
    });
    // The poll's clock is fake from the start (it runs on as real time does, for the screen's own timers).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    openInbox();
    const box = await screen.findByRole('checkbox', { name: t.selectItem('AAN-2026-000041') });
    fireEvent.click(box);
    await waitFor(() => expect(bodiesOf(server, queue.countSince.path).some((b) => b.since === '2026-03-02T10:00:00.000Z')).toBe(true));
    const tablesBefore = server.requests(tablePath).length;

    count = 3;
    expect(screen.queryByText(`${t.newItems(3)} —`)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(inboxPollSeconds * 1000));
    expect(await screen.findByText(`${t.newItems(3)} —`)).toBeInTheDocument();
    // The list itself is left as it was until asked.
    expect(server.requests(tablePath)).toHaveLength(tablesBefore);

    fireEvent.click(screen.getByRole('button', { name: t.showNew }));
    await waitFor(() => expect(server.requests(tablePath).length).toBeGreaterThan(tablesBefore));
    await waitFor(() => expect(screen.queryByText(`${t.newItems(3)} —`)).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: t.selectItem('AAN-2026-000041') })).toBeChecked();
  });

  it('saves the address as a named view, and opens a view picked', async () => {
    let saved: { id: number; name: string; query: string }[] = [];
    const server = stubInbox({
      [tablePath]: page,
      [views.list.path]: () => jsonResponse(saved),
      [views.save.path]: (request) => {
        const view = { id: 3, ...(request.body as { name: string; query: string }) };
        saved = [view, { id: 4, name: 'Archief', query: 'status=Archived' }];
        return jsonResponse(view);
      },
    });
    const { user, router } = openInbox(`${backofficePaths.inbox.path}?overdue=1&sort=dueAt&order=asc`);
    await user.click(await screen.findByRole('button', { name: inboxViewsText.save }));
    await user.type(await screen.findByRole('textbox', { name: inboxViewsText.name }), 'Mijn te laat');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(inboxViewsText.saved('Mijn te laat'))).toBeInTheDocument();
    expect(bodiesOf(server, views.save.path)).toEqual([{ name: 'Mijn te laat', query: 'overdue=1&sort=dueAt&order=asc' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: inboxViewsText.label })).toHaveDisplayValue('Mijn te laat'));

    await user.selectOptions(screen.getByRole('combobox', { name: inboxViewsText.label }), 'Archief');
    await waitFor(() => expect(router.state.location.search).toBe('?status=Archived'));
    await waitFor(() => expect(bodiesOf(server, tablePath).at(-1)).toMatchObject({ statuses: ['Archived'], overdue: null, sortBy: 'receivedAt' }));
  });

  it('lets the Beheerder set the service times, and no one else', async () => {
    const times = [{ kind: 'NonFaqQuestion', hours: 48, defaultHours: 48 }];
    const server = stubInbox({
      [tablePath]: page,
      [serviceTimes.get.path]: () => jsonResponse(times),
      [serviceTimes.save.path]: () => jsonResponse([{ ...times[0], hours: 16 }]),
    });
    const { user } = openInbox(backofficePaths.inbox.path, 'Beheerder');
    await user.click(await screen.findByRole('button', { name: t.serviceTimes }));
    const hours = await screen.findByRole('spinbutton', { name: 'Vraag (uren)' });
    await user.clear(hours);
    await user.type(hours, '16');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(serviceTimesText.saved)).toBeInTheDocument();
    expect(bodiesOf(server, serviceTimes.save.path)).toEqual([{ times: [{ kind: 'NonFaqQuestion', hours: 16 }] }]);
  });

  it('offers no service times to Klantenservice', async () => {
    stubInbox({ [tablePath]: page });
    openInbox();
    await screen.findByRole('table', { name: 'Inbox' });
    expect(screen.queryByRole('button', { name: t.serviceTimes })).not.toBeInTheDocument();
  });
});
