import { backofficeInboxCalls as calls, feedback, inboxText, type InboxDetail } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, type Handler } from '@/testing/fetch-stub';
import { optionTexts } from '@/testing/native-select';
import { backofficePaths } from '../../../paths';
import { openStaffRoute, rollDetail, stubInbox } from '../testing/inbox-fixtures';
import InboxItemRoute from './inbox-item';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const openItem = (url = '/beheer/inbox/formulier/41', role?: Parameters<typeof openStaffRoute>[2]) =>
  openStaffRoute([{ path: backofficePaths.inboxItem.path, Component: InboxItemRoute }], url, role);

const noContent = () => new Response(null, { status: 204 });
const fileResponse = (name: string, type: string) =>
  new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

/** The item as the server holds it: the actions change it, as the real one would. */
function stubItem(item: InboxDetail, routes: Record<string, Handler> = {}) {
  let current = item;
  const server = stubInbox({
    [calls.getItem.path]: () => jsonResponse(current),
    [calls.downloadFile.path]: ({ url }) =>
      url.searchParams.get('FileId') === item.attachments[0]?.fileId ? fileResponse('zakje.png', 'image/png') : fileResponse('rollen week 12.pdf', 'application/pdf'),
    [calls.setStatus.path]: ({ body }) => {
      current = { ...current, status: (body as { status: string }).status };
      return noContent();
    },
    [calls.assign.path]: noContent,
    [calls.addNote.path]: noContent,
    [calls.answer.path]: noContent,
    ...routes,
  });
  return server;
}

let objectUrls: ObjectUrls;
beforeEach(() => {
  objectUrls = stubObjectUrls();
});

describe('an item of the inbox', () => {
  it('shows the form with its labels, the patient, the customer, the photo, the file and the history', async () => {
    const server = stubItem(rollDetail);
    openItem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Aanvraag rollen AAN-2026-000041' })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Formulier' });
    expect(within(form).getByText('Soort rol')).toBeInTheDocument();
    expect(within(form).getByText('Vakantierol')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Gegevens' });
    expect(facts).toHaveTextContent('Apotheek De Linde (APO-1001)');
    expect(facts).toHaveTextContent('sanne@delinde.test');
    // A department named 'Afdeling …' is not called 'afdeling Afdeling …'.
    expect(facts).toHaveTextContent('Anaïs Bakker geboren 01-05-1940 Afdeling Zon');
    expect(facts).not.toHaveTextContent(/afdeling afdeling/i);
    expect(facts).toHaveTextContent('Nieuw');

    // The photo is fetched with the staff token and shown; the PDF waits for a click.
    const photo = await screen.findByRole('img', { name: 'Foto bij de melding: zakje.png' });
    expect(photo).toHaveAttribute('src', objectUrls.urls[0]);
    const downloads = server.requests(calls.downloadFile.path);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.headers.get('Authorization')).toBe('Bearer staff-access');
    const attachments = screen.getByRole('region', { name: 'Bijlagen' });
    expect(attachments).toHaveTextContent('rollen week 12.pdf');
    expect(attachments).toHaveTextContent('application/pdf, 3,3 MB');

    const history = screen.getByRole('region', { name: 'Geschiedenis' });
    expect(history).toHaveTextContent('Ontvangen van Sanne Pieters');
    expect(history).toHaveTextContent('Interne notitie');
    expect(history).toHaveTextContent('Apotheek gebeld over het bestand.');
  });

  it('downloads a file under its own name', async () => {
    stubItem(rollDetail);
    const { user } = openItem();
    await user.click(await screen.findByRole('button', { name: 'rollen week 12.pdf downloaden' }));
    await waitFor(() => expect(objectUrls.downloads.map((download) => download.name)).toContain('rollen week 12.pdf'));
  });

  it('moves the status on with the buttons the status allows', async () => {
    const server = stubItem(rollDetail);
    const { user } = openItem();
    const handling = await screen.findByRole('region', { name: 'Behandeling' });
    expect(within(handling).queryByRole('button', { name: 'Archiveren' })).toBeNull();
    await user.click(within(handling).getByRole('button', { name: 'In behandeling nemen' }));
    expect(await screen.findByText('De status is nu In behandeling.')).toBeInTheDocument();
    expect(server.requests(calls.setStatus.path)[0]?.body).toEqual({ itemKind: 'Submission', id: 41, status: 'Processing' });
    expect(await within(handling).findByRole('button', { name: 'Archiveren' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a status change in its own words", async () => {
    stubItem(rollDetail, { [calls.setStatus.path]: () => jsonResponse({ type: 'x', title: inboxText.transitionRefused, status: 400, errors: { status: [inboxText.transitionRefused] } }, 400) });
    const { user } = openItem();
    await user.click(await screen.findByRole('button', { name: 'In behandeling nemen' }));
    expect(await screen.findByText(inboxText.transitionRefused)).toBeInTheDocument();
  });

  it('gives the item to a colleague who may see it', async () => {
    const server = stubItem(rollDetail);
    const { user } = openItem();
    const handler = await screen.findByRole('combobox', { name: 'Behandelaar' });
    // A roll request is no imperfection report: Kwaliteit is not offered.
    await waitFor(() => expect(optionTexts(handler)).toEqual(['Nog niemand', 'Karim Bakker (Klantenservice)', 'Bea Jansen (Beheerder)']));
    await waitFor(() => expect(handler).toBeEnabled());
    await user.selectOptions(handler, 'Bea Jansen (Beheerder)');
    expect(await screen.findByText('Toegewezen aan Bea Jansen.')).toBeInTheDocument();
    expect(server.requests(calls.assign.path)[0]?.body).toEqual({ itemKind: 'Submission', id: 41, assigneeId: 9 });
  });

  it('keeps a note, and refuses an empty one', async () => {
    const server = stubItem(rollDetail);
    const { user } = openItem();
    const note = await screen.findByRole('region', { name: 'Interne notitie' });
    await user.click(within(note).getByRole('button', { name: 'Notitie bewaren' }));
    expect(await within(note).findByText(inboxText.noteRequired)).toBeInTheDocument();
    await user.type(within(note).getByLabelText(/^Notitie/), 'Teruggebeld');
    await user.click(within(note).getByRole('button', { name: 'Notitie bewaren' }));
    expect(await screen.findByText('De notitie is bewaard.')).toBeInTheDocument();
    expect(server.requests(calls.addNote.path)[0]?.body).toEqual({ itemKind: 'Submission', id: 41, text: 'Teruggebeld' });
  });

  it('answers the submitter with the subject filled in', async () => {
    const server = stubItem(rollDetail);
    const { user } = openItem();
    const answer = await screen.findByRole('region', { name: 'Beantwoorden' });
    expect(answer).toHaveTextContent('Aan: sanne@delinde.test');
    expect(within(answer).getByLabelText(/^Onderwerp/)).toHaveValue('Uw aanvraag rollen van 02-03-2026');
    await user.click(within(answer).getByRole('button', { name: 'Antwoord versturen' }));
    expect(await within(answer).findByText(inboxText.answerRequired)).toBeInTheDocument();
    await user.type(within(answer).getByLabelText(/^Antwoord/, { selector: 'textarea' }), 'De rollen komen vrijdag.');
    await user.click(within(answer).getByRole('button', { name: 'Antwoord versturen' }));
    expect(await screen.findByText('Het antwoord is verstuurd naar sanne@delinde.test.')).toBeInTheDocument();
    expect(server.requests(calls.answer.path)[0]?.body).toEqual({
      itemKind: 'Submission',
      id: 41,
      subject: 'Uw aanvraag rollen van 02-03-2026',
      text: 'De rollen komen vrijdag.',
      fileGuids: [],
    });
  });

  it("warns while the answer names the item's patient, by name or birth date, and sends it all the same", async () => {
    const server = stubItem(rollDetail);
    const { user } = openItem();
    const answer = await screen.findByRole('region', { name: 'Beantwoorden' });
    expect(answer).toHaveTextContent(inboxText.answerMailed);
    const text = within(answer).getByLabelText(/^Antwoord/, { selector: 'textarea' });
    await user.type(text, 'De rollen van mevrouw anais bakker komen vrijdag.');
    expect(within(answer).getByRole('alert')).toHaveTextContent(inboxText.answerNamesPatient(['Anaïs Bakker']));
    await user.clear(text);
    await user.type(text, 'De rollen komen vrijdag.');
    expect(within(answer).queryByRole('alert')).toBeNull();
    await user.type(text, ' Geboren 1-5-1940?');
    expect(within(answer).getByRole('alert')).toHaveTextContent(inboxText.answerNamesPatient(['1-5-1940']));
    await user.click(within(answer).getByRole('button', { name: 'Antwoord versturen' }));
    expect(await screen.findByText('Het antwoord is verstuurd naar sanne@delinde.test.')).toBeInTheDocument();
    expect(server.requests(calls.answer.path)).toHaveLength(1);
  });

  it('shows a service order with its lines', async () => {
    stubItem({
      ...rollDetail,
      itemKind: 'ServiceOrder',
      id: 12,
      kind: 'ServiceOrder',
      patient: null,
      fields: [],
      attachments: [],
      order: { rows: [{ articleCode: 'SP-1', name: 'Adresetiketten', amount: 2, price: 18.5, rowTotalPrice: 37 }], totalPrice: 37 },
    });
    openItem('/beheer/inbox/bestelling/12');
    const lines = await screen.findByRole('table', { name: 'Bestelde producten' });
    expect(lines).toHaveTextContent('Adresetiketten');
    expect(lines).toHaveTextContent(/Totaal exclusief btw€\s37,00/);
    expect(screen.queryByRole('region', { name: 'Bijlagen' })).toBeNull();
  });

  it('says an item cannot be seen (404)', async () => {
    stubItem(rollDetail, { [calls.getItem.path]: () => problemResponse(404) });
    openItem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Item niet gevonden' })).toBeInTheDocument();
  });

  it('says the item could not be fetched, and fetches it again', async () => {
    let fail = true;
    stubItem(rollDetail, { [calls.getItem.path]: () => (fail ? problemResponse(500) : jsonResponse(rollDetail)) });
    const { user } = openItem();
    expect(await screen.findByText(feedback.serverError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aanvraag rollen AAN-2026-000041' })).toBeInTheDocument();
  });

  it('asks nothing for an address that names no item', async () => {
    const server = stubItem(rollDetail);
    openItem('/beheer/inbox/iets/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item niet gevonden' })).toBeInTheDocument();
    expect(server.requests(calls.getItem.path)).toHaveLength(0);
  });
});
