import { calls, feedback, type InvoiceRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import InvoicesRoute from './invoices';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const invoices: InvoiceRow[] = [
  { processedMonth: '2026-03-01', clientCode: 'APO-1001', invoiceAmount: 1234.56, invoiceNumber: 'F-0312', paymentStatus: 'Open' },
  { processedMonth: '2026-02-01', clientCode: 'APO-1001', invoiceAmount: 987, invoiceNumber: 'F-0211', paymentStatus: 'Paid' },
];

function stubInvoiceServer(download: (request: StubRequest) => Response | Promise<Response>, rows = invoices) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case calls.invoice.getInvoiceTable.path:
        return jsonResponse({ total: rows.length, items: rows });
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
let objectUrls: ObjectUrls;

beforeEach(() => {
  objectUrls = stubObjectUrls();
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
    expect(cells[3]).toHaveTextContent('Open');
    expect(within(screen.getByText('februari 2026').closest('tr')!).getAllByRole('cell')[3]).toHaveTextContent('Betaald');
    expect(screen.getByRole('columnheader', { name: 'Betaald' })).toBeInTheDocument();
    // One menu button per row, not four buttons.
    expect(within(row).getAllByRole('button')).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Factuur maart 2026 downloaden' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'PDF',
      'PDF specificatie',
      'Excel',
      'Excel specificatie',
    ]);
  });

  it('shows no payment column when the provider does not say whether invoices are paid', async () => {
    stubInvoiceServer(() => problemResponse(404), invoices.map((row) => ({ ...row, paymentStatus: null })));
    renderInvoices();
    await screen.findByText('maart 2026');
    expect(screen.queryByRole('columnheader', { name: 'Betaald' })).not.toBeInTheDocument();
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

    await user.click(await screen.findByRole('button', { name: 'Factuur maart 2026 downloaden' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF specificatie' }));

    await vi.waitFor(() => expect(objectUrls.downloads).toHaveLength(1));
    const [download] = objectUrls.downloads;
    expect(download).toMatchObject({ name: 'Factuur specificatie maart 2026 APO-1001.pdf', inDocument: true });
    expect(download!.file?.name).toBe('Factuur specificatie maart 2026 APO-1001.pdf');
    expect(download!.file?.size).toBe(4);
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

    const button = await screen.findByRole('button', { name: 'Factuur februari 2026 downloaden' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    await vi.waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Factuur maart 2026 downloaden' })).toBeEnabled();

    fail?.();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het downloaden van ‘Excel’ van februari 2026 is mislukt. Probeer het opnieuw.',
    );
    expect(button).toBeEnabled();
    expect(objectUrls.downloads).toEqual([]);
    expect(screen.queryByText(feedback.tableLoadFailed)).not.toBeInTheDocument();
  });
});
