import { calls, myRequestCalls, myRequestThreadCalls, replyText, validation, type MyRequestRow, type UploadedFile } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileUploadTexts } from '@/components/file-upload/file-upload';
import { jsonResponse, problemResponse, stubRoutes, type Handler, type Routes } from '@/testing/fetch-stub';
import { formSupportCalls } from '@/testing/form-server';
import { openRoute } from '@/testing/open-route';
import MyRequestsRoute from '../routes/my-requests';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const tablePath = myRequestCalls.getMyRequestTable.path;
const replyPath = myRequestThreadCalls.replyToMyRequest.path;
const filePath = myRequestThreadCalls.getMyRequestFile.path;

const answered: MyRequestRow = {
  itemKind: 'Submission',
  id: 41,
  kind: 'NonFaqQuestion',
  receivedAt: '2026-03-02T09:15:00.000Z',
  status: 'Archived',
  statusChangedAt: '2026-03-02T11:00:00.000Z',
  submitterName: 'Sanne Pieters',
  answers: [{ at: '2026-03-02T11:05:00.000Z', subject: 'Uw vraag van 02-03-2026', text: 'Zie de bijlage.' }],
  thread: [
    {
      at: '2026-03-02T11:05:00.000Z',
      from: 'provider',
      author: null,
      subject: 'Uw vraag van 02-03-2026',
      text: 'Zie de bijlage.',
      files: [{ fileGuid: 'b0000000-0000-4000-8000-000000000001', fileName: 'leverschema.pdf' }],
    },
    { at: '2026-03-02T12:00:00.000Z', from: 'customer', author: 'Sanne Pieters', subject: null, text: 'Dank u, en voor week 12?', files: [] },
  ],
};
const uploaded: UploadedFile = {
  fileGuid: 'c0000000-0000-4000-8000-000000000009',
  fileName: 'recept.pdf',
  fileExtension: '.pdf',
  fileType: 'application/pdf',
  size: 9,
};
const pdf = () => new File(['%PDF-1.4\n'], 'recept.pdf', { type: 'application/pdf' });

/** The customer's server: the table holds `row`, a reply lands on it as the real one would. */
function stubThread(row: MyRequestRow, reply: Handler = () => jsonResponse({ status: 'Processing' }), routes: Routes = {}) {
  let current = row;
  return stubRoutes({
    ...formSupportCalls([], uploaded),
    [tablePath]: () => jsonResponse({ total: 1, items: [current] }),
    [replyPath]: async (request) => {
      const answer = await reply(request);
      if (answer.ok) {
        const { text, fileGuids } = request.body as { text: string; fileGuids: string[] };
        const files = fileGuids.map((fileGuid) => ({ fileGuid, fileName: 'recept.pdf' }));
        const message = { at: '2026-03-04T08:30:00.000Z', from: 'customer' as const, author: 'Anouk de Wit', subject: null, text, files };
        current = { ...current, status: 'Processing', thread: [...current.thread, message] };
      }
      return answer;
    },
    [filePath]: () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="leverschema.pdf"' } }),
    ...routes,
  });
}

async function openConversation(name: RegExp) {
  const view = openRoute(MyRequestsRoute, '/mijn-aanvragen');
  await view.user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  // The conversation's code comes as the dialog opens.
  await within(dialog).findByRole('button', { name: replyText.send });
  return { ...view, dialog };
}

let objectUrls: ObjectUrls;
beforeEach(() => {
  objectUrls = stubObjectUrls();
});

describe('the conversation of a request', () => {
  it("shows the provider's answers and the organisation's replies apart, oldest first, and downloads a file with the token", async () => {
    const server = stubThread(answered);
    const { user, dialog } = await openConversation(/^Berichten over Vraag van 02-03-2026 lezen$/);
    expect(dialog).toHaveAccessibleName('Uw vraag van 02-03-2026');
    expect(dialog).toHaveTextContent('AAN-2026-000041');
    const messages = within(dialog).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveTextContent(replyText.fromProvider);
    expect(messages[0]).toHaveTextContent('02-03-2026 12:05');
    expect(messages[0]).toHaveTextContent('Zie de bijlage.');
    expect(messages[1]).toHaveTextContent('Reactie van Sanne Pieters');
    expect(messages[1]).toHaveTextContent('Dank u, en voor week 12?');

    await user.click(within(messages[0]!).getByRole('button', { name: 'leverschema.pdf downloaden' }));
    await waitFor(() => expect(objectUrls.downloads.map((download) => download.name)).toEqual(['leverschema.pdf']));
    const download = server.requests(filePath)[0]!;
    expect(download.url.searchParams.get('FileId')).toBe('b0000000-0000-4000-8000-000000000001');
    expect(download.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('refuses an empty reply at its field and sends nothing', async () => {
    const server = stubThread(answered);
    const { user, dialog } = await openConversation(/^Berichten over/);
    await user.click(within(dialog).getByRole('button', { name: replyText.send }));
    expect(await within(dialog).findByText(replyText.textRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: replyText.textLabel })).toHaveAccessibleDescription(replyText.textRequired);
    expect(server.requests(replyPath)).toHaveLength(0);
  });

  it('sends a reply with a file; the conversation shows it, the status reads In behandeling, and says it was sent', async () => {
    const server = stubThread(answered);
    const { user, dialog } = await openConversation(/^Berichten over/);
    await user.type(within(dialog).getByRole('textbox', { name: replyText.textLabel }), 'Hierbij het recept.');
    await user.upload(within(dialog).getByTestId('file-upload-input-Attachment'), pdf());
    expect(await within(dialog).findByRole('button', { name: fileUploadTexts.remove('recept.pdf') })).toBeInTheDocument();
    expect(server.requests(calls.file.uploadFile.path)[0]!.url.searchParams.get('purpose')).toBe('Attachment');

    await user.click(within(dialog).getByRole('button', { name: replyText.send }));
    expect(await within(dialog).findByText(replyText.sent)).toBeInTheDocument();
    expect(server.requests(replyPath)[0]!.body).toEqual({ itemKind: 'Submission', id: 41, text: 'Hierbij het recept.', fileGuids: [uploaded.fileGuid] });
    const messages = within(dialog).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(messages).toHaveLength(3);
    expect(messages[2]).toHaveTextContent('Reactie van Anouk de Wit');
    expect(messages[2]).toHaveTextContent('Hierbij het recept.');
    expect(within(messages[2]!).getByRole('button', { name: 'recept.pdf downloaden' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('In behandeling');
    // The form starts afresh for a next reply.
    expect(within(dialog).getByRole('textbox', { name: replyText.textLabel })).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: fileUploadTexts.remove('recept.pdf') })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: replyText.close }));
    const rows = within(screen.getByRole('table', { name: 'Mijn aanvragen en meldingen' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('In behandeling');
    expect(rows[1]).toHaveTextContent('Lezen (3)');
  });

  it("shows the server's refusal of a file at the file field", async () => {
    stubThread(answered, () => problemResponse(400, { 'fileGuids.0': [validation.fileUnknown] }));
    const { user, dialog } = await openConversation(/^Berichten over/);
    await user.type(within(dialog).getByRole('textbox', { name: replyText.textLabel }), 'Hierbij het recept.');
    await user.upload(within(dialog).getByTestId('file-upload-input-Attachment'), pdf());
    await within(dialog).findByRole('button', { name: fileUploadTexts.remove('recept.pdf') });
    await user.click(within(dialog).getByRole('button', { name: replyText.send }));
    const files = within(dialog).getByRole('group', { name: replyText.filesLabel });
    expect(await within(files).findByText(validation.fileUnknown)).toBeInTheDocument();
    expect(within(dialog).queryByText(replyText.failed)).toBeNull();
  });

  it('takes up to five files, then offers no more', async () => {
    let n = 0;
    stubThread(answered, undefined, {
      [calls.file.uploadFile.path]: () => jsonResponse({ ...uploaded, fileGuid: `c0000000-0000-4000-8000-00000000000${(n += 1)}`, fileName: `bijlage-${n}.pdf` }),
    });
    const { user, dialog } = await openConversation(/^Berichten over/);
    const input = within(dialog).getByTestId('file-upload-input-Attachment');
    for (let index = 1; index <= 5; index += 1) {
      await user.upload(input, pdf());
      await within(dialog).findByRole('button', { name: fileUploadTexts.remove(`bijlage-${index}.pdf`) });
    }
    expect(within(dialog).queryByRole('button', { name: fileUploadTexts.choose })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: fileUploadTexts.remove('bijlage-3.pdf') }));
    expect(within(dialog).getByRole('button', { name: fileUploadTexts.choose })).toHaveFocus();
    expect(within(dialog).getAllByRole('button', { name: /^bijlage-\d\.pdf verwijderen$/ })).toHaveLength(4);
  });
});
