import { backofficeContentCalls as calls, contentText } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { typeRichText, withEditorLayout } from '@/testing/rich-text';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import { customerChoicesQueryOptions } from '../api/content';
import MemosRoute from './memos';

const linde = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', code: 'APO-1001', name: 'Apotheek De Linde' };
const anker = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000003', code: 'APO-3001', name: 'Apotheek Het Anker' };
const baken = { id: '6f1c1c8e-1111-4a4a-8a8a-000000000002', code: 'ZRG-2001', name: 'Zorggroep Het Baken' };

beforeEach(() => stubDesktopScreen());
withEditorLayout();

/** The memo page with its customers; the dialog's own fetch of them is held until the test lets it answer. */
function openMemos(later: (typeof linde)[]) {
  let answerLater: () => void = () => undefined;
  const server = stubRoutes({
    [calls.getMemos.path]: () => jsonResponse([]),
    [calls.getCustomerChoices.path]: () =>
      server.requests(calls.getCustomerChoices.path).length === 1
        ? jsonResponse([linde, anker])
        : new Promise<Response>((resolve) => (answerLater = () => resolve(jsonResponse(later)))),
    [calls.saveMemo.path]: () => jsonResponse({ id: 4 }),
  });
  const page = openStaffPages([{ path: backofficePaths.memos.path, Component: MemosRoute }], backofficePaths.memos.path);
  return { ...page, server, answerLater: () => answerLater() };
}

describe('the audience of a memo (issue 26.8)', () => {
  it('keeps the customer picked: the list does not change under the pointer when fresher customers arrive while typing', async () => {
    const { user, server, queryClient, answerLater } = openMemos([linde, anker, baken]);
    await user.click(await screen.findByRole('button', { name: 'Nieuwe memo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe memo' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Titel/ }), 'Nieuwe klant');
    typeRichText(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Welkom');
    await user.click(within(dialog).getByRole('radio', { name: 'Gekozen klanten' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Klanten' }), 'Anker');
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options()).toEqual(['Apotheek Het Anker (APO-3001)']);

    // The dialog's own fetch of the customers answers now, with one more customer than the page had.
    answerLater();
    await waitFor(() => expect(queryClient.getQueryData(customerChoicesQueryOptions().queryKey)).toHaveLength(3));
    expect(within(dialog).getByRole('combobox', { name: 'Klanten' })).toHaveValue('Anker');
    expect(options()).toEqual(['Apotheek Het Anker (APO-3001)']);

    // Where the only option was, the pointer picks it.
    await user.click(within(screen.getByRole('listbox')).getAllByRole('option')[0]!);
    expect(within(dialog).getByRole('button', { name: 'Apotheek Het Anker (APO-3001)' })).toBeInTheDocument();
    expect(within(dialog).getByText(contentText.memoAudience(['Apotheek Het Anker (APO-3001)']))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveMemo.path)[0]?.body).toMatchObject({ customerIds: [anker.id] }));
  });

  it('says in words who will see it, and saves no memo for "Gekozen klanten" without a customer', async () => {
    const { user, server, answerLater } = openMemos([linde, anker]);
    await user.click(await screen.findByRole('button', { name: 'Nieuwe memo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe memo' });
    answerLater();
    expect(await within(dialog).findByText(contentText.memoAudience(null))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Titel/ }), 'Storing');
    typeRichText(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Even geduld');
    await user.click(within(dialog).getByRole('radio', { name: 'Gekozen klanten' }));
    expect(within(dialog).getByText(contentText.memoAudience([]))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(contentText.customersRequired)).toBeInTheDocument();
    expect(server.requests(calls.saveMemo.path)).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Klanten' }));
    await user.click(await screen.findByRole('option', { name: 'Apotheek De Linde (APO-1001)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Klanten' }));
    await user.click(await screen.findByRole('option', { name: 'Apotheek Het Anker (APO-3001)' }));
    expect(within(dialog).getByText(contentText.memoAudience(['Apotheek De Linde (APO-1001)', 'Apotheek Het Anker (APO-3001)']))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveMemo.path)[0]?.body).toMatchObject({ customerIds: [linde.id, anker.id] }));
  });
});
