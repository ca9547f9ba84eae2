import { exportCalls, exportRowsHeader, feedback } from '@portal/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { problemResponse, stubFetch } from '@/testing/fetch-stub';
import { logIn } from '@/testing/session';
import { ExportButton } from './export-button';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

let objectUrls: ObjectUrls;

beforeEach(() => {
  logIn();
  objectUrls = stubObjectUrls();
});

const encoder = new TextEncoder();

/** A streamed answer whose chunks the test releases one by one. */
function streamedCsv(total: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="inpakopdrachten-2026-11-25.csv"',
      [exportRowsHeader]: String(total),
    },
  });
  return {
    response,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    /** what a browser does to the body of an aborted fetch */
    abort: () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

const renderButton = () =>
  render(<ExportButton call={exportCalls.packingOrders} selection={{ search: 'noord', sortBy: 'bagCount', descending: true }} tableLabel="Inpakopdrachten" />);

describe('the export button', () => {
  it('exports with the table’s search and sort, shows how far it is, and saves the file', async () => {
    const stream = streamedCsv(3);
    const server = stubFetch(() => stream.response);
    const user = userEvent.setup();
    renderButton();

    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    expect(server.requests(exportCalls.packingOrders.path)[0]?.body).toEqual({ search: 'noord', sortBy: 'bagCount', descending: true, format: 'Csv' });

    stream.send('\uFEFFAfdeling;Aantal\r\nNoord;1\r\n');
    expect(await screen.findByText('Exporteren… 1 van 3 rijen')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export van Inpakopdrachten' })).toHaveAttribute('aria-valuenow', String(Math.round(100 / 3)));
    stream.send('Noord;2\r\nNoord;3\r\n');
    stream.end();

    expect(await screen.findByText('inpakopdrachten-2026-11-25.csv is gedownload (3 rijen).')).toBeInTheDocument();
    expect(objectUrls.downloads.map((download) => download.name)).toEqual(['inpakopdrachten-2026-11-25.csv']);
    const bytes = new Uint8Array(await objectUrls.downloads[0]!.file!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFAfdeling;Aantal\r\nNoord;1\r\nNoord;2\r\nNoord;3\r\n');
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeInTheDocument();
  });

  it('stops when Afbreken is pressed, and saves nothing', async () => {
    const stream = streamedCsv(1000);
    let signal: AbortSignal | null | undefined;
    stubFetch((request) => {
      signal = request.signal;
      signal?.addEventListener('abort', () => stream.abort());
      return stream.response;
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: /Excel/ }));
    stream.send('PK');
    expect(await screen.findByText(/Exporteren… 1.000 rijen, 1 kB ontvangen/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afbreken' }));
    expect(await screen.findByText('De export is afgebroken.')).toBeInTheDocument();
    expect(signal?.aborted).toBe(true);
    expect(objectUrls.downloads).toEqual([]);
  });

  it('says what went wrong in Dutch: the server’s own message, or that exporting failed', async () => {
    stubFetch(() => new Response(JSON.stringify({ type: 'about:blank', title: feedback.exportRunning, status: 429 }), { status: 429 }));
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    expect(await screen.findByText(feedback.exportRunning)).toBeInTheDocument();

    stubFetch(() => problemResponse(500));
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    await waitFor(() => expect(screen.getByText(feedback.exportFailed)).toBeInTheDocument());
  });

  it('says so when the server has no exports (a server of the spec alone)', async () => {
    stubFetch(() => problemResponse(404));
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await user.click(await screen.findByRole('menuitem', { name: /Excel/ }));
    expect(await screen.findByText('Exporteren is op deze server niet beschikbaar.')).toBeInTheDocument();
  });
});
