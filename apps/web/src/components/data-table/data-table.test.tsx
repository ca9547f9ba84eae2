import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { calls, feedback, searchDebounceMs, tableDefaults } from '@portal/contract';
import type { AssortmentRow, AssortmentTableColumn, TableRequest } from '@portal/contract';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/config/theme';
import { callApi } from '@/lib/api-client';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { stubPhoneScreen } from '@/testing/match-media';
import { optionTexts } from '@/testing/native-select';
import { createTestQueryClient } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import { DataTable } from './data-table';
import type { DataTableColumn, TablePageRequest } from './types';

const path = calls.assortment.getDrugTable.path;

const drug = (n: number): AssortmentRow => ({
  longName: `Middel ${String(n).padStart(3, '0')} 10 mg tablet`,
  ziNumber: String(10_000_000 + n),
  gpk: String(20_000 + n),
  hpk: String(30_000 + n),
  dtaDescription: 'wit, rond',
  splitDescription: 'Breukgleuf',
  packaging: 'Doordrukstrip',
});

/** A server with `count` products that pages and searches (on the name) as the real one does. */
function stubDrugServer(
  count: number,
  answer?: (request: StubRequest) => Response | Promise<Response | undefined> | undefined,
) {
  const all = Array.from({ length: count }, (_, i) => drug(i + 1));
  return stubFetch(async (request) => {
    const custom = await answer?.(request);
    if (custom) return custom;
    const body = request.body as TableRequest;
    const term = body.search?.trim().toLowerCase() ?? '';
    const found = all.filter((row) => row.longName.toLowerCase().includes(term));
    const size = body.rowsPerPage ?? 20;
    const page = body.page ?? 1;
    return jsonResponse({ total: found.length, items: found.slice((page - 1) * size, page * size) });
  });
}

const query = (request: TablePageRequest<AssortmentTableColumn>) =>
  queryOptions({
    queryKey: ['test-drugs', request],
    queryFn: ({ signal }) => callApi(calls.assortment.getDrugTable, { body: request, signal }),
  });

const columns: DataTableColumn<AssortmentRow, AssortmentTableColumn>[] = [
  { field: 'longName', header: 'Naam' },
  { field: 'ziNumber', header: 'ZI-nummer' },
  { field: 'gpk', header: 'GPK' },
];

function renderTable({ searchable = true } = {}) {
  logIn();
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={createTestQueryClient()}>
        <DataTable
          label="Producten"
          query={query}
          columns={columns}
          defaults={tableDefaults.products}
          emptyText={feedback.emptyProducts}
          searchable={searchable}
        />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const requestsOf = (server: ReturnType<typeof stubFetch>) =>
  server.requests(path).map((request) => request.body as TablePageRequest<AssortmentTableColumn>);
const lastRequest = (server: ReturnType<typeof stubFetch>) => requestsOf(server).at(-1);
const table = () => screen.getByRole('table', { name: 'Producten' });
const firstPage = () => screen.findByRole('cell', { name: 'Middel 001 10 mg tablet' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const searchBox = () => screen.getByRole('searchbox', { name: 'Zoeken' });
/** A server of `count` products and the table on it, its first page shown. */
async function openTable(count = 45, options?: { searchable: boolean }) {
  const server = stubDrugServer(count);
  renderTable(options);
  await firstPage();
  return server;
}

/** Pages on to page 2 and waits for its first row. */
async function toSecondPage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Ga naar volgende pagina' }));
  return screen.findByRole('cell', { name: 'Middel 021 10 mg tablet' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the DataTable', () => {
  it('asks for the first page with the default sort and page size, and shows it', async () => {
    const server = stubDrugServer(45);
    renderTable();

    expect(await firstPage()).toBeInTheDocument();
    expect(requestsOf(server)).toEqual([{ sortBy: 'longName', descending: false, page: 1, rowsPerPage: 20, search: '' }]);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('columnheader', { name: 'Naam' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('1–20 van 45')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('45 resultaten');
  });

  it('searches 1000 ms after the last keystroke, with one request', async () => {
    const server = await openTable();

    // user-event waits on timers between keystrokes, so the keystrokes are changes here, on a fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(searchBox(), { target: { value: 'mid' } });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs / 2));
    fireEvent.change(searchBox(), { target: { value: 'middel 04' } });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs - 1));
    expect(requestsOf(server)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requestsOf(server)).toHaveLength(2);
    expect(lastRequest(server)).toMatchObject({ search: 'middel 04', page: 1 });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs * 3));
    expect(requestsOf(server)).toHaveLength(2);

    vi.useRealTimers();
    expect(await screen.findByText('1–6 van 6')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(6);
  });

  it('does not search again for the same words', async () => {
    const server = await openTable();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(searchBox(), { target: { value: '  ' } });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs * 2));
    expect(requestsOf(server)).toHaveLength(1);
  });

  it('goes back to page 1 when the search changes', async () => {
    const user = userEvent.setup();
    const server = await openTable();

    expect(await toSecondPage(user)).toBeInTheDocument();
    expect(lastRequest(server)).toMatchObject({ page: 2, search: '' });

    fireEvent.change(searchBox(), { target: { value: 'middel 0' } });
    // The pager shows the new page at once (over the dimmed previous rows); wait for the rows themselves.
    expect(
      await screen.findByRole('cell', { name: 'Middel 001 10 mg tablet' }, { timeout: searchDebounceMs + 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('1–20 van 45')).toBeInTheDocument();
    expect(lastRequest(server)).toMatchObject({ page: 1, search: 'middel 0' });
  });

  it('searches at once on Enter', async () => {
    const user = userEvent.setup();
    const server = await openTable();

    fireEvent.change(searchBox(), { target: { value: 'middel 045' } });
    await user.type(searchBox(), '{Enter}');
    expect(await screen.findByText('1–1 van 1')).toBeInTheDocument();
    expect(requestsOf(server)).toHaveLength(2);
    expect(lastRequest(server)).toMatchObject({ search: 'middel 045', page: 1 });
  });

  it('offers the page sizes 10, 20, 50 and 100, and a new size starts at page 1', async () => {
    const user = userEvent.setup();
    const server = await openTable(120);
    await toSecondPage(user);

    const pageSize = screen.getByRole('combobox', { name: 'Rijen per pagina:' });
    expect(pageSize).toHaveDisplayValue('20');
    expect(optionTexts(pageSize)).toEqual(['10', '20', '50', '100']);
    await user.selectOptions(pageSize, '50');

    await vi.waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(screen.getByText('1–50 van 120')).toBeInTheDocument();
    expect(lastRequest(server)).toMatchObject({ rowsPerPage: 50, page: 1 });
    expect(screen.getByRole('combobox', { name: 'Rijen per pagina:' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Rijen per pagina:' })).toHaveDisplayValue('50');
  });

  it('sorts on the server: a header click sorts ascending, a second click descending', async () => {
    const user = userEvent.setup();
    const server = await openTable();
    await toSecondPage(user);

    await user.click(screen.getByRole('button', { name: 'ZI-nummer' }));
    await vi.waitFor(() => expect(lastRequest(server)).toMatchObject({ sortBy: 'ziNumber', descending: false, page: 1 }));
    expect(screen.getByRole('columnheader', { name: 'ZI-nummer' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Naam' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'ZI-nummer' }));
    await vi.waitFor(() => expect(lastRequest(server)).toMatchObject({ sortBy: 'ziNumber', descending: true, page: 1 }));
    expect(screen.getByRole('columnheader', { name: 'ZI-nummer' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the empty text when there are no rows', async () => {
    stubDrugServer(0);
    renderTable();

    expect(await screen.findByRole('cell', { name: feedback.emptyProducts })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Geen resultaten');
    expect(screen.queryByRole('combobox', { name: 'Rijen per pagina:' })).not.toBeInTheDocument();
  });

  it('warns with ‘Data ophalen mislukt.’ when a page cannot be fetched, and fetches it again on request', async () => {
    let failing = true;
    stubDrugServer(45, () => (failing ? problemResponse(500) : undefined));
    const user = userEvent.setup();
    renderTable();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(feedback.tableLoadFailed);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await firstPage()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the service is back soon when the server answers 503, and fetches again on request', async () => {
    let failing = true;
    stubDrugServer(45, () => (failing ? problemResponse(503) : undefined));
    const user = userEvent.setup();
    renderTable();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(feedback.tableLoadFailed, { exact: true })).toBeInTheDocument();
    expect(within(alert).getByText(feedback.serviceUnavailable, { exact: true })).toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await firstPage()).toBeInTheDocument();
  });

  it('shows placeholders on the first load and keeps the page in view while the next one loads', async () => {
    let release: (() => void) | undefined;
    stubDrugServer(45, (request) =>
      (request.body as TableRequest).page === 1
        ? undefined
        : new Promise<Response | undefined>((resolve) => {
            release = () => resolve(undefined);
          }),
    );
    const user = userEvent.setup();
    renderTable();

    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Gegevens laden…');
    await firstPage();
    expect(table()).toHaveAttribute('aria-busy', 'false');

    await user.click(screen.getByRole('button', { name: 'Ga naar volgende pagina' }));
    expect(await screen.findByRole('progressbar', { name: 'Gegevens laden' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Middel 001 10 mg tablet' })).toBeInTheDocument();

    release?.();
    expect(await screen.findByRole('cell', { name: 'Middel 021 10 mg tablet' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('has no search box unless asked for', async () => {
    await openTable(3, { searchable: false });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('stacks the rows as cards on a phone, with the sort as a select', async () => {
    stubPhoneScreen();
    const server = stubDrugServer(45);
    const user = userEvent.setup();
    renderTable();

    const list = await screen.findByRole('list', { name: 'Producten' });
    await within(list).findByText('Middel 001 10 mg tablet');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(within(list).getAllByRole('listitem')[0]!).getByText('ZI-nummer')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sorteren op' }), 'GPK (aflopend)');
    await vi.waitFor(() => expect(lastRequest(server)).toMatchObject({ sortBy: 'gpk', descending: true, page: 1 }));
    expect(screen.getByRole('combobox', { name: 'Sorteren op' })).toHaveDisplayValue('GPK (aflopend)');
  });
});
