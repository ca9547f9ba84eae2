import { backofficeSavedReplyCalls as calls, savedReplyText, type SavedReply } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import SavedRepliesRoute from './saved-replies';

beforeEach(() => stubDesktopScreen());

const kept: SavedReply = { id: 5, name: 'Ontvangen', kinds: ['NonFaqQuestion', 'Photo'], subject: 'Uw vraag {referentie}', text: 'Beste {naam}' };

function open(save = () => jsonResponse({ id: 6 })) {
  const server = stubRoutes({
    [calls.list.path]: () => jsonResponse([kept]),
    [calls.save.path]: save,
    [calls.delete.path]: () => new Response(null, { status: 204 }),
  });
  const { user } = openStaffPages([{ path: backofficePaths.savedReplies.path, Component: SavedRepliesRoute }], backofficePaths.savedReplies.path);
  return { server, user };
}

describe('Standaardantwoorden', () => {
  it('lists each reply with its kinds, and adds one for every kind', async () => {
    const { server, user } = open();
    const list = await screen.findByRole('list', { name: 'Standaardantwoorden' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('OntvangenVraag, Aanvraag foto');

    await user.click(screen.getByRole('button', { name: 'Nieuw standaardantwoord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw standaardantwoord' });
    expect(dialog).toHaveTextContent(savedReplyText.help);
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Afgehandeld');
    await user.click(within(dialog).getByRole('switch', { name: savedReplyText.allKinds }));
    expect(within(dialog).queryByRole('group', { name: /^Voor de soorten/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Onderwerp/ }), 'Afgehandeld: {{referentie}');
    await user.type(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Groet, {{medewerker}');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(savedReplyText.saved)).toBeInTheDocument();
    expect(server.requests(calls.save.path)[0]?.body).toEqual({ id: null, name: 'Afgehandeld', kinds: null, subject: 'Afgehandeld: {referentie}', text: 'Groet, {medewerker}' });
  });

  it('says what is wrong at its field before asking the server, and the server’s refusal there too', async () => {
    const { server, user } = open(() => problemResponse(400, { name: [savedReplyText.nameInUse] }));
    await user.click(within(await screen.findByRole('list', { name: 'Standaardantwoorden' })).getByRole('button', { name: 'Ontvangen wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standaardantwoord wijzigen' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vraag' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aanvraag foto' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Tekst/ }), ' {{klantnaam}');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(savedReplyText.kindsRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(savedReplyText.unknownPlaceholder('klantnaam'))).toBeInTheDocument();
    expect(server.requests(calls.save.path)).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Vraag' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /^Tekst/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Beste {{naam}');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(savedReplyText.nameInUse)).toBeInTheDocument();
    expect(server.requests(calls.save.path)[0]?.body).toEqual({ id: 5, name: 'Ontvangen', kinds: ['NonFaqQuestion'], subject: 'Uw vraag {referentie}', text: 'Beste {naam}' });
  });

  it('deletes a reply after asking', async () => {
    const { server, user } = open();
    await user.click(within(await screen.findByRole('list', { name: 'Standaardantwoorden' })).getByRole('button', { name: 'Ontvangen verwijderen' }));
    const ask = await screen.findByRole('dialog', { name: 'Ontvangen verwijderen?' });
    expect(ask).toHaveTextContent('Medewerkers kunnen het dan niet meer kiezen.');
    await user.click(within(ask).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(savedReplyText.deleted)).toBeInTheDocument();
    await waitFor(() => expect(server.requests(calls.delete.path)[0]?.body).toEqual({ id: 5 }));
  });
});
