import { calls, downloadInvoiceBundle, invoiceBundleText, validation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn, testSession } from '@/testing/session';
import { bundleCancelledText, bundleUnavailableText } from './invoice-bundle-dialog';
import { InvoiceBundleDownload } from './invoice-bundle-download';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
const zipAnswer = (name = 'Facturen APO-1001 2026-Q1.zip') =>
  new Response(zipBytes, { headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${name}"` } });

let objectUrls: ObjectUrls;
beforeEach(() => {
  objectUrls = stubObjectUrls();
});
const saved = () => objectUrls.downloads.map((download) => download.name);

function renderButton(answer: (request: StubRequest) => Response | Promise<Response>) {
  const server = stubFetch((request) => (request.url.pathname === downloadInvoiceBundle.path ? answer(request) : problemResponse(404)));
  logIn();
  renderRoutes([{ path: '/invoices', element: <InvoiceBundleDownload /> }], '/invoices');
  return server;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Facturen downloaden als ZIP' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Facturen downloaden als ZIP' }) };
}

describe('Facturen downloaden als ZIP', () => {
  it('asks for a quarter in the chosen file types and saves the ZIP under the server’s name', async () => {
    const server = renderButton(() => zipAnswer());
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('checkbox', { name: 'PDF' })).toBeChecked();
    for (const label of ['PDF specificatie', 'Excel', 'Excel specificatie']) expect(within(dialog).getByRole('checkbox', { name: label })).not.toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'Kwartaal' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kwartaal' }), '1e kwartaal (januari–maart)');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Jaar' }), String(new Date().getFullYear() - 1));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Excel specificatie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));

    expect(await within(dialog).findByText('‘Facturen APO-1001 2026-Q1.zip’ is gedownload.')).toBeInTheDocument();
    expect(saved()).toEqual(['Facturen APO-1001 2026-Q1.zip']);
    const query = server.requests(downloadInvoiceBundle.path)[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ Period: `${new Date().getFullYear() - 1}-Q1`, FileTypes: 'Pdf,ExcelDetails' });
    expect(server.requests(downloadInvoiceBundle.path)[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('a month and a year are asked as such', async () => {
    const server = renderButton(() => zipAnswer());
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Maand' }), 'maart');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Jaar' }), '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    await within(dialog).findByText(/is gedownload/);
    await user.click(within(dialog).getByRole('radio', { name: 'Jaar' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Maand' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    await within(dialog).findByText(/is gedownload/);
    expect(server.requests(downloadInvoiceBundle.path).map((r) => r.url.searchParams.get('Period'))).toEqual(['2026-03', '2026']);
  });

  it('asks for at least one file type before it asks the server', async () => {
    const server = renderButton(() => zipAnswer());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'PDF' }));
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(within(dialog).getByText(invoiceBundleText.fileTypesRequired)).toBeInTheDocument();
    expect(server.requests(downloadInvoiceBundle.path)).toHaveLength(0);
  });

  it('says the server’s refusal of the file types at the files, and keeps the choice', async () => {
    renderButton(() => problemResponse(400, { FileTypes: [validation.invalidValue] }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Excel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    const files = within(dialog).getByRole('group', { name: 'Bestanden' });
    expect(await within(files).findByText(validation.invalidValue)).toBeInTheDocument();
    expect(within(files).getByRole('checkbox', { name: 'Excel' })).toBeChecked();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(saved()).toEqual([]);
  });

  it('says a period without invoices in Dutch and saves nothing', async () => {
    renderButton(() => new Response(JSON.stringify({ type: 'about:blank', title: 'x', status: 422 }), { status: 422, headers: { 'Content-Type': 'application/problem+json' } }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(invoiceBundleText.noInvoices);
    expect(saved()).toEqual([]);
  });

  it('shows progress while it downloads, and stops when asked', async () => {
    renderButton(
      (request) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(2048));
              request.signal?.addEventListener('abort', () => controller.error(new DOMException('gestopt', 'AbortError')));
            },
          }),
          { headers: { 'Content-Type': 'application/zip' } },
        ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByText('Bezig met downloaden… 2 kB ontvangen')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van de download' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(await within(dialog).findByText(bundleCancelledText)).toBeInTheDocument();
    expect(saved()).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Sluiten' })).toBeEnabled();
  });

  it('against a server of the spec alone: says so once, then leaves the page to the single downloads', async () => {
    renderButton(() => problemResponse(404));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(bundleUnavailableText);
    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('button', { name: 'Facturen downloaden als ZIP' })).not.toBeInTheDocument();
  });

  it('takes a web page answered instead of a ZIP as the call missing', async () => {
    renderButton(() => new Response('<!doctype html><title>portaal</title>', { headers: { 'Content-Type': 'text/html' } }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(bundleUnavailableText);
    expect(saved()).toEqual([]);
  });
  it('renews an expired token once, as every call does, and goes on', async () => {
    const server = stubFetch((request) => {
      if (request.url.pathname === calls.authentication.refreshAccessToken.path) return jsonResponse({ ...testSession, accessToken: 'access-2', refreshToken: 'refresh-2' });
      return request.headers.get('Authorization') === 'Bearer access-2' ? zipAnswer() : problemResponse(401);
    });
    logIn();
    renderRoutes([{ path: '/invoices', element: <InvoiceBundleDownload /> }], '/invoices');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Downloaden' }));
    expect(await within(dialog).findByText(/is gedownload/)).toBeInTheDocument();
    expect(server.requests(downloadInvoiceBundle.path).map((r) => r.headers.get('Authorization'))).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(saved()).toHaveLength(1);
  });
});
