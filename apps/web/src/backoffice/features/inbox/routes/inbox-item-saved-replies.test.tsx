import { backofficeInboxCalls as calls, backofficeSavedReplyCalls, savedReplyText, type SavedReply } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { optionTexts } from '@/testing/native-select';
import { backofficePaths } from '../../../paths';
import { openStaffRoute, rollDetail, stubInbox } from '../testing/inbox-fixtures';
import InboxItemRoute from './inbox-item';

const replies: SavedReply[] = [
  { id: 1, name: 'Rollen onderweg', kinds: ['ImmediateProduct'], subject: 'Uw aanvraag {referentie}', text: 'Beste {naam},\n\nDe rollen voor {klant} zijn onderweg.\n\n{medewerker}' },
  { id: 2, name: 'Ontvangen', kinds: null, subject: 'Ontvangen: {referentie}', text: 'Wij hebben het ontvangen. {naam}' },
  { id: 3, name: 'Alleen meldingen', kinds: ['Imperfection'], subject: 'Melding', text: 'Over uw melding' },
];

function openAnswer() {
  const server = stubInbox({
    [calls.getItem.path]: () => jsonResponse(rollDetail),
    [backofficeSavedReplyCalls.list.path]: () => jsonResponse(replies),
    [calls.answer.path]: () => new Response(null, { status: 204 }),
  });
  const { user } = openStaffRoute([{ path: backofficePaths.inboxItem.path, Component: InboxItemRoute }], '/beheer/inbox/formulier/41');
  return { server, user };
}
const answerRegion = () => screen.findByRole('region', { name: 'Beantwoorden' });
const subjectField = (region: HTMLElement) => within(region).getByRole('textbox', { name: /^Onderwerp/ });
const textField = (region: HTMLElement) => within(region).getByLabelText(/^Antwoord/, { selector: 'textarea' });

async function pick(user: ReturnType<typeof openAnswer>['user'], region: HTMLElement, name: string) {
  await user.selectOptions(await within(region).findByRole('combobox', { name: savedReplyText.picker }), name);
}

describe('a saved reply in the answer form', () => {
  it("offers the replies for the item's kind and fills in the item's placeholders, which go with the answer", async () => {
    const { server, user } = openAnswer();
    const region = await answerRegion();
    const picker = await within(region).findByRole('combobox', { name: savedReplyText.picker });
    expect(optionTexts(picker)).toEqual(['Rollen onderweg', 'Ontvangen']);
    await user.selectOptions(picker, 'Rollen onderweg');

    expect(subjectField(region)).toHaveValue('Uw aanvraag AAN-2026-000041');
    expect(textField(region)).toHaveValue('Beste Sanne Pieters,\n\nDe rollen voor Apotheek De Linde zijn onderweg.\n\nKarim Bakker');
    await user.click(within(region).getByRole('button', { name: 'Antwoord versturen' }));
    await waitFor(() => expect(server.requests(calls.answer.path)).toHaveLength(1));
    expect(server.requests(calls.answer.path)[0]?.body).toMatchObject({
      subject: 'Uw aanvraag AAN-2026-000041',
      text: 'Beste Sanne Pieters,\n\nDe rollen voor Apotheek De Linde zijn onderweg.\n\nKarim Bakker',
    });
  });

  it('asks before replacing what was typed, and keeps it when told so', async () => {
    const { user } = openAnswer();
    const region = await answerRegion();
    await user.type(textField(region), 'Mijn eigen woorden');
    await pick(user, region, 'Ontvangen');
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent(savedReplyText.replaceQuestion);
    await user.click(within(ask).getByRole('button', { name: savedReplyText.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(textField(region)).toHaveValue('Mijn eigen woorden');

    await pick(user, region, 'Ontvangen');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: savedReplyText.replace }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(textField(region)).toHaveValue('Wij hebben het ontvangen. Sanne Pieters');
    expect(subjectField(region)).toHaveValue('Ontvangen: AAN-2026-000041');

    // One saved reply after another is not typed text: no question.
    await pick(user, region, 'Rollen onderweg');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(subjectField(region)).toHaveValue('Uw aanvraag AAN-2026-000041');
  });
});
