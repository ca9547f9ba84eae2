import { backofficeInboxCalls as calls, backofficeInboxQueueCalls as queue, inboxQueueText as t, inboxShortcutsText, type InboxDetail } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { backofficePaths } from '../../../paths';
import { bodiesOf, openInbox, openStaffRoute, orderRow, rollDetail, rollRow, stubInbox } from '../testing/inbox-fixtures';
import InboxItemRoute from './inbox-item';

const orderDetail: InboxDetail = {
  ...rollDetail,
  itemKind: 'ServiceOrder',
  id: 12,
  kind: 'ServiceOrder',
  status: 'Processing',
  patient: null,
  fields: [],
  attachments: [],
  order: { rows: [], totalPrice: 0 },
};

/** The list in the order the server has it: the roll request, then the order. */
function stubQueue(extra: Parameters<typeof stubInbox>[0] = {}) {
  return stubInbox({
    [calls.getTable.path]: () => jsonResponse({ total: 2, items: [rollRow, orderRow], outsideFilters: null }),
    [calls.getItem.path]: (request) => jsonResponse(request.url.searchParams.get('ItemKind') === 'ServiceOrder' ? orderDetail : rollDetail),
    [queue.getNeighbours.path]: (request) => {
      const { item } = request.body as { item: { itemKind: string } };
      return jsonResponse(
        item.itemKind === 'Submission'
          ? { previous: null, next: { itemKind: 'ServiceOrder', id: 12 }, position: 1, total: 2 }
          : { previous: { itemKind: 'Submission', id: 41 }, next: null, position: 2, total: 2 },
      );
    },
    [calls.setStatus.path]: () => jsonResponse(undefined, 204),
    [calls.assign.path]: () => jsonResponse(undefined, 204),
    ...extra,
  });
}

/** The roll request opened from the list as the address filters and sorts it. */
async function openFromList(search = '?status=New&sort=dueAt&order=asc') {
  const opened = openInbox(`${backofficePaths.inbox.path}${search}`);
  await opened.user.click(await screen.findByRole('link', { name: 'Aanvraag rollen AAN-2026-000041 openen' }));
  await screen.findByRole('heading', { level: 1, name: 'Aanvraag rollen AAN-2026-000041' });
  return opened;
}

describe('an item’s place in the queue', () => {
  it('shows when it is due, and where it stands in the list as filtered and sorted', async () => {
    const server = stubQueue();
    await openFromList();
    expect(screen.getByText(`11-03-2026 00:00 (${t.dueFrom.receiveDate})`)).toBeInTheDocument();
    expect(await screen.findByText(t.position(1, 2))).toBeInTheDocument();
    expect(bodiesOf(server, queue.getNeighbours.path).at(-1)).toEqual({
      list: expect.objectContaining({ statuses: ['New'], sortBy: 'dueAt', descending: false, search: '' }),
      item: { itemKind: 'Submission', id: 41 },
    });
    const nav = screen.getByRole('navigation', { name: 'Wachtrij' });
    expect(within(nav).getByRole('link', { name: t.next })).toHaveAttribute('href', '/beheer/inbox/bestelling/12');
  });

  it('goes to the next and previous item with j and k, the list’s filters kept', async () => {
    const server = stubQueue();
    const { user, router } = await openFromList();
    await screen.findByText(t.position(1, 2));
    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer/inbox/bestelling/12'));
    expect(await screen.findByText(t.position(2, 2))).toBeInTheDocument();
    expect(bodiesOf(server, queue.getNeighbours.path).at(-1)).toMatchObject({ list: { statuses: ['New'], sortBy: 'dueAt' }, item: { itemKind: 'ServiceOrder', id: 12 } });
    await user.keyboard('k');
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer/inbox/formulier/41'));
  });

  it('archives a New item through In behandeling and opens the next one', async () => {
    const server = stubQueue();
    const { user, router } = await openFromList();
    await screen.findByText(t.position(1, 2));
    await user.click(screen.getByRole('button', { name: t.archiveAndNext }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer/inbox/bestelling/12'));
    expect(bodiesOf(server, calls.setStatus.path)).toEqual([
      { itemKind: 'Submission', id: 41, status: 'Processing' },
      { itemKind: 'Submission', id: 41, status: 'Archived' },
    ]);
    expect(await screen.findByText(t.archived)).toBeInTheDocument();
  });

  it('goes back to the list after the last item is archived', async () => {
    stubQueue();
    const { user, router } = await openFromList();
    await user.click(await screen.findByRole('link', { name: t.next }));
    await screen.findByText(t.position(2, 2));
    await user.keyboard('e');
    await waitFor(() => expect(router.state.location.pathname).toBe(backofficePaths.inbox.path));
    expect(router.state.location.search).toBe('?status=New&sort=dueAt&order=asc');
  });

  it('assigns it to the caller with the button or m, and puts the cursor in the answer with r', async () => {
    const server = stubQueue();
    const { user } = await openFromList();
    await user.click(screen.getByRole('button', { name: t.assignToMe }));
    await waitFor(() => expect(bodiesOf(server, calls.assign.path)).toHaveLength(1));
    await user.keyboard('m');
    await waitFor(() => expect(bodiesOf(server, calls.assign.path)).toHaveLength(2));
    expect(bodiesOf(server, calls.assign.path)[1]).toEqual({ itemKind: 'Submission', id: 41, assigneeId: 7 });

    await user.keyboard('r');
    const answer = within(screen.getByRole('form', { name: 'Beantwoorden' })).getByRole('textbox', { name: /^Antwoord/ });
    expect(answer).toHaveFocus();
    // Typing in the answer is typing: no key acts.
    await user.keyboard('jem');
    expect(answer).toHaveValue('jem');
    expect(bodiesOf(server, calls.setStatus.path)).toEqual([]);
  });

  it('opened without a list (a link from a mail) offers no neighbours, and lists the keys at ?', async () => {
    stubQueue({ [queue.getNeighbours.path]: () => jsonResponse({ previous: null, next: null, position: null, total: 0 }) });
    const { user } = openStaffRoute([{ path: backofficePaths.inboxItem.path, Component: InboxItemRoute }], '/beheer/inbox/formulier/41');
    await screen.findByRole('heading', { level: 1, name: 'Aanvraag rollen AAN-2026-000041' });
    const nav = screen.getByRole('navigation', { name: 'Wachtrij' });
    expect(within(nav).getByRole('link', { name: t.next })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: inboxShortcutsText.title })).toBeInTheDocument();
  });
});
