import { calls, feedback, type InvoiceRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import InvoicesRoute from './invoices';

const invoices: InvoiceRow[] = [
  { processedMonth: '2026-03-01', clientCode: 'APO-1001', invoiceAmount: 1234.56 },
  { processedMonth: '2026-02-01', clientCode: 'APO-1001', invoiceAmount: 987 },
];

function stubInvoiceServer(download: (request: StubRequest) => Response | Promise<Response>) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case calls.invoice.getInvoiceTable.path:
        return jsonResponse({ total: invoices.length, items: invoices });
      case calls.invoice.downloadInvoiceFile.path:
        return download(request);
      default:
        return problemResponse(404);
    }
  });
}

const renderInvoices = () => {
  logIn();
  return renderRoutes([{ path: '/invoices', Component: InvoicesRoute }], '/invoices');
};

/** What the page handed to the browser's download: the link's file name and the object URL's file. */
let saved: { download: string; href: string }[];
let objectFiles: File[];

beforeEach(() => {
  saved = [];
  objectFiles = [];
  // jsdom has no object URLs and does not download: both are taken over here.
  Object.assign(URL, {
    createObjectURL: (file: File) => {
      objectFiles.push(file);
      return `blob:test/${objectFiles.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.getAttribute('href') ?? '' });
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the invoices page', () => {
  it('shows month, client code and amount in Dutch, newest month first by default', async () => {
    const server = stubInvoiceServer(() => problemResponse(404));
    renderInvoices();

    const row = (await screen.findByText('maart 2026')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(['maart 2026', 'APO-1001', '€\u00a01.234,56']);
    expect(cells[2]).toHaveStyle({ textAlign: 'right' });
    expect(server.requests(calls.invoice.getInvoiceTable.path)[0]?.body).toEqual({
      sortBy: 'processedMonth',
      descending: true,
      page: 1,
      rowsPerPage: 20,
      search: '',
    });
    for (const name of ['PDF', 'PDF specificatie', 'Excel', 'Excel specificatie']) {
      expect(within(row).getByRole('button', { name: `${name} maart 2026 downloaden` })).toBeInTheDocument();
    }
  });

  it('downloads a file under the name the server gives in Content-Disposition', async () => {
    const server = stubInvoiceServer(
      () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="factuur.pdf"; filename*=UTF-8''Factuur%20specificatie%20maart%202026%20APO-1001.pdf`,
          },
        }),
    );
    const user = userEvent.setup();
    renderInvoices();

    await user.click(await screen.findByRole('button', { name: 'PDF specificatie maart 2026 downloaden' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ download: 'Factuur specificatie maart 2026 APO-1001.pdf', href: 'blob:test/1' });
    expect(objectFiles[0]?.name).toBe('Factuur specificatie maart 2026 APO-1001.pdf');
    expect(objectFiles[0]?.size).toBe(4);
    const query = server.requests(calls.invoice.downloadInvoiceFile.path)[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ ProcessedMonth: '2026-03-01', ClientCode: 'APO-1001', FileType: 'PdfDetails' });
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows a spinner on the button while its file downloads, says which download failed, and can try again', async () => {
    let fail: (() => void) | undefined;
    stubInvoiceServer(
      () =>
        new Promise<Response>((resolve) => {
          fail = () => resolve(problemResponse(500));
        }),
    );
    const user = userEvent.setup();
    renderInvoices();

    const button = await screen.findByRole('button', { name: 'Excel februari 2026 downloaden' });
    await user.click(button);
    await vi.waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('button', { name: 'PDF februari 2026 downloaden' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Excel maart 2026 downloaden' })).toBeEnabled();

    fail?.();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het downloaden van ‘Excel’ van februari 2026 is mislukt. Probeer het opnieuw.',
    );
    expect(button).toBeEnabled();
    expect(saved).toHaveLength(0);
    expect(screen.queryByText(feedback.tableLoadFailed)).not.toBeInTheDocument();
  });
});
