import { backofficeAuthCalls, backofficeInboxCalls as calls, inboxText, validation, type InboxDetail, type InboxEvent, type UploadedFile } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileUploadTexts } from '@/components/file-upload/file-upload';
import { jsonResponse, problemResponse, type Handler } from '@/testing/fetch-stub';
import { backofficePaths } from '../../../paths';
import { openStaffRoute, rollDetail, signInStaff, stubInbox } from '../testing/inbox-fixtures';
import InboxItemRoute from './inbox-item';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const openItem = () => openStaffRoute([{ path: backofficePaths.inboxItem.path, Component: InboxItemRoute }], '/beheer/inbox/formulier/41');

const event = (fields: Partial<InboxEvent> & Pick<InboxEvent, 'id' | 'at' | 'event'>): InboxEvent => ({
  staffName: null,
  fromStatus: null,
  toStatus: null,
  assigneeName: null,
  subject: null,
  body: null,
  mailedTo: null,
  customerName: null,
  via: null,
  files: [],
  ...fields,
});
const file = (fileId: string, fileName: string) => ({ fileId, fileName, mediaType: 'application/pdf', sizeBytes: 2048, isImage: false });

/** A thread: the answer with a file, a reply by mail with a file that set the archived item back, a reply in the portal. */
const threaded: InboxDetail = {
  ...rollDetail,
  attachments: [],
  status: 'Processing',
  history: [
    ...rollDetail.history,
    event({
      id: '4',
      at: '2026-03-02T11:05:00.000Z',
      event: 'Answer',
      staffName: 'Karim Bakker',
      subject: 'Uw aanvraag rollen van 02-03-2026',
      body: 'Het leverschema zit erbij.',
      mailedTo: 'sanne@delinde.test',
      files: [file('d0000000-0000-4000-8000-000000000001', 'leverschema.pdf')],
    }),
    event({ id: '5', at: '2026-03-03T08:00:00.000Z', event: 'Reply', customerName: 'Sanne Pieters', via: 'mail', body: 'Hierbij het recept.', files: [file('d0000000-0000-4000-8000-000000000002', 'recept.pdf')] }),
    event({ id: '6', at: '2026-03-03T08:00:00.000Z', event: 'Status', customerName: 'Sanne Pieters', fromStatus: 'Archived', toStatus: 'Processing' }),
    event({ id: '7', at: '2026-03-03T09:00:00.000Z', event: 'Reply', customerName: 'Ruben Smit', via: 'portal', body: 'En de vakantierol?' }),
  ],
};

const uploaded: UploadedFile = { fileGuid: 'e0000000-0000-4000-8000-000000000001', fileName: 'planning.pdf', fileExtension: '.pdf', fileType: 'application/pdf', size: 9 };
const pdf = () => new File(['%PDF-1.4\n'], 'planning.pdf', { type: 'application/pdf' });

function stubThread(answer: Handler = () => new Response(null, { status: 204 })) {
  return stubInbox({
    [calls.getItem.path]: () => jsonResponse(threaded),
    [calls.downloadFile.path]: () => new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="recept.pdf"' } }),
    [backofficeAuthCalls.refresh.path]: () => jsonResponse({ ...signInStaff(), accessToken: 'staff-renewed' }),
    [calls.uploadAttachment.path]: () => jsonResponse(uploaded),
    [calls.answer.path]: answer,
  });
}

let objectUrls: ObjectUrls;
beforeEach(() => {
  objectUrls = stubObjectUrls();
});

describe("an item's two-way thread in the back-office", () => {
  it("shows the customer's replies as theirs, by mail or portal, with the answers' and replies' files to download", async () => {
    const server = stubThread();
    const { user } = openItem();
    const history = await screen.findByRole('region', { name: 'Geschiedenis' });
    const entries = within(history).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    const [answer, mailed, setBack, portal] = entries.slice(2);
    expect(answer).toHaveTextContent('Antwoord gemaild aan sanne@delinde.test');
    expect(within(answer!).getByRole('button', { name: 'leverschema.pdf downloaden' })).toBeInTheDocument();
    expect(mailed).toHaveTextContent(inboxText.replyFrom('Sanne Pieters', 'mail'));
    expect(mailed).toHaveTextContent('Reactie van Sanne Pieters via e-mail');
    expect(mailed).toHaveTextContent('Hierbij het recept.');
    expect(setBack).toHaveTextContent('Status: Gearchiveerd → In behandeling');
    expect(setBack).toHaveTextContent('Sanne Pieters');
    expect(portal).toHaveTextContent('Reactie van Ruben Smit');
    expect(portal).not.toHaveTextContent('via e-mail');
    expect(portal).toHaveTextContent('En de vakantierol?');

    await user.click(within(mailed!).getByRole('button', { name: 'recept.pdf downloaden' }));
    await waitFor(() => expect(objectUrls.downloads.map((download) => download.name)).toEqual(['recept.pdf']));
    const download = server.requests(calls.downloadFile.path)[0]!;
    expect(download.url.searchParams.get('FileId')).toBe('d0000000-0000-4000-8000-000000000002');
    expect(download.headers.get('Authorization')).toBe('Bearer staff-access');
  });

  it("answers with a file uploaded for this item, which goes with the answer's fileGuids", async () => {
    const server = stubThread();
    const { user } = openItem();
    const answer = await screen.findByRole('region', { name: 'Beantwoorden' });
    const files = within(answer).getByRole('group', { name: inboxText.answerFilesLabel });
    expect(files).toHaveTextContent(inboxText.answerFilesHint);
    await user.type(within(answer).getByLabelText(/^Antwoord/, { selector: 'textarea' }), 'De planning zit erbij.');
    await user.upload(within(answer).getByTestId('file-upload-input-Attachment'), pdf());
    expect(await within(files).findByRole('button', { name: fileUploadTexts.remove('planning.pdf') })).toBeInTheDocument();
    const upload = server.requests(calls.uploadAttachment.path)[0]!;
    expect(upload.url.searchParams.get('ItemKind')).toBe('Submission');
    expect(upload.url.searchParams.get('Id')).toBe('41');
    expect(upload.headers.get('Authorization')).toBe('Bearer staff-renewed');

    await user.click(within(answer).getByRole('button', { name: 'Antwoord versturen' }));
    expect(await screen.findByText('Het antwoord is verstuurd naar sanne@delinde.test.')).toBeInTheDocument();
    expect(server.requests(calls.answer.path)[0]?.body).toEqual({
      itemKind: 'Submission',
      id: 41,
      subject: 'Uw aanvraag rollen van 02-03-2026',
      text: 'De planning zit erbij.',
      fileGuids: [uploaded.fileGuid],
    });
    // The next answer starts without the files that went.
    expect(within(files).queryByRole('button', { name: fileUploadTexts.remove('planning.pdf') })).toBeNull();
  });

  it("shows the server's refusal of a file at the attachment field", async () => {
    stubThread(() => problemResponse(400, { 'fileGuids.0': [validation.fileUnknown] }));
    const { user } = openItem();
    const answer = await screen.findByRole('region', { name: 'Beantwoorden' });
    await user.type(within(answer).getByLabelText(/^Antwoord/, { selector: 'textarea' }), 'De planning zit erbij.');
    await user.upload(within(answer).getByTestId('file-upload-input-Attachment'), pdf());
    await within(answer).findByRole('button', { name: fileUploadTexts.remove('planning.pdf') });
    await user.click(within(answer).getByRole('button', { name: 'Antwoord versturen' }));
    const files = within(answer).getByRole('group', { name: inboxText.answerFilesLabel });
    expect(await within(files).findByText(validation.fileUnknown)).toBeInTheDocument();
  });
});
