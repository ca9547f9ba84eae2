import { calls, feedback, validation, type UploadedFile, type UploadPurpose } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn, testSession } from '@/testing/session';
import { FileUpload, fileUploadTexts, isAllowedFile } from './file-upload';

const uploadPath = calls.file.uploadFile.path;
const refreshPath = calls.authentication.refreshAccessToken.path;

const uploaded: UploadedFile = {
  fileGuid: '2f0c8f5e-7d0b-4c55-9a53-0e1d9b0c1a11',
  fileName: 'rollen-week-12.pdf',
  fileExtension: '.pdf',
  fileType: 'application/pdf',
  size: 9,
};

function Harness({ purpose = 'RollFile' as UploadPurpose }) {
  const [value, setValue] = useState<UploadedFile | null>(null);
  return (
    <>
      <FileUpload purpose={purpose} value={value} onChange={setValue} label="Rolbestand" hint="pdf, txt, rtf, doc of docx" />
      <span data-testid="chosen">{value?.fileGuid ?? 'geen'}</span>
    </>
  );
}

function stubUploadServer(upload: () => Response | Promise<Response> = () => jsonResponse(uploaded)) {
  let refreshed = 0;
  return stubFetch((request) => {
    if (request.url.pathname === refreshPath) {
      refreshed += 1;
      return jsonResponse({ ...testSession, accessToken: `access-renewed-${refreshed}`, refreshToken: `refresh-${refreshed + 1}` });
    }
    if (request.url.pathname === uploadPath) return upload();
    return problemResponse(404);
  });
}

function renderUpload(purpose: UploadPurpose = 'RollFile') {
  logIn();
  return renderRoutes([{ path: '/', element: <Harness purpose={purpose} /> }], '/');
}

const pdf = () => new File(['%PDF-1.4\n'], 'rollen-week-12.pdf', { type: 'application/pdf' });
const fileInput = (purpose: UploadPurpose = 'RollFile') => screen.getByTestId(`file-upload-input-${purpose}`);

describe('FileUpload', () => {
  it('renews the token first, uploads the chosen file and shows it with a remove button', async () => {
    const server = stubUploadServer();
    const user = userEvent.setup();
    renderUpload();

    expect(screen.getByRole('group', { name: 'Rolbestand' })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    await user.upload(fileInput(), pdf());

    const remove = await screen.findByRole('button', { name: fileUploadTexts.remove('rollen-week-12.pdf') });
    expect(screen.getByTestId('chosen')).toHaveTextContent(uploaded.fileGuid);
    const order = server.mock.mock.calls.map(([input]) => new URL(String(input), window.location.origin).pathname);
    expect(order).toEqual([refreshPath, uploadPath]);
    const uploadCall = server.mock.mock.calls[1]!;
    expect(String(uploadCall[0])).toBe(`${uploadPath}?purpose=RollFile`);
    expect(new Headers(uploadCall[1]?.headers).get('Authorization')).toBe('Bearer access-renewed-1');
    const body = uploadCall[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('rollen-week-12.pdf');
    expect(getSession()?.accessToken).toBe('access-renewed-1');
    expect(screen.getByRole('status')).toHaveTextContent(fileUploadTexts.uploaded('rollen-week-12.pdf'));

    await user.click(remove);
    expect(screen.getByTestId('chosen')).toHaveTextContent('geen');
    expect(screen.getByRole('button', { name: fileUploadTexts.choose })).toHaveFocus();
  });

  it('refuses a file of a wrong type before anything is sent', async () => {
    const server = stubUploadServer();
    const user = userEvent.setup({ applyAccept: false });
    renderUpload();

    await user.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(validation.fileTypeNotAllowed);
    expect(server.mock).not.toHaveBeenCalled();

    await user.upload(fileInput(), new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent(validation.fileTypeNotAllowed);
    expect(server.mock).not.toHaveBeenCalled();
  });

  it('accepts only jpeg and png for photos', () => {
    expect(isAllowedFile({ name: 'IMG_001.JPG', type: 'image/jpeg' }, 'Photo')).toBe(true);
    expect(isAllowedFile({ name: 'scan.png', type: '' }, 'Photo')).toBe(true);
    expect(isAllowedFile({ name: 'brief.pdf', type: 'application/pdf' }, 'Photo')).toBe(false);
    expect(isAllowedFile({ name: 'brief.docx', type: '' }, 'RollFile')).toBe(true);
    expect(isAllowedFile({ name: 'notitie.rtf', type: 'text/rtf' }, 'RollFile')).toBe(true);
    expect(isAllowedFile({ name: 'archief.zip', type: '' }, 'RollFile')).toBe(false);
  });

  it("shows the server's message when it refuses the file, and keeps the choose button", async () => {
    stubUploadServer(() => problemResponse(400, { file: [validation.fileTypeNotAllowed] }));
    const user = userEvent.setup();
    renderUpload();

    await user.upload(fileInput(), new File(['not really a pdf'], 'vermomd.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(validation.fileTypeNotAllowed);
    expect(screen.getByRole('button', { name: fileUploadTexts.choose })).toBeEnabled();
    expect(screen.getByTestId('chosen')).toHaveTextContent('geen');
  });

  it('says a file is too large when the server answers 413', async () => {
    stubUploadServer(() => problemResponse(413));
    const user = userEvent.setup();
    renderUpload();

    await user.upload(fileInput(), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.fileTooLarge);
  });

  it('shows the progress while the file is uploading', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubUploadServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderUpload();

    await user.upload(fileInput(), pdf());
    expect(await screen.findByRole('progressbar', { name: fileUploadTexts.uploading('rollen-week-12.pdf') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fileUploadTexts.choose })).toBeDisabled();
    answer(jsonResponse(uploaded));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('rollen-week-12.pdf')).toBeInTheDocument();
  });
});
