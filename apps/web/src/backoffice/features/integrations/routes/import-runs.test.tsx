import {
  backofficeImportRunCalls as calls,
  backofficeWebhookCalls,
  feedback,
  type ImportRejectionRow,
  type ImportRunDetail,
  type ImportRunRow,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { backofficePaths } from '../../../paths';
import { openStaffPages } from '../../../testing/staff-session';
import ImportRunRoute from './import-run';
import ImportRunsRoute from './import-runs';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const failed: ImportRunRow = {
  id: 41,
  startedAt: '2026-11-26T09:15:02Z',
  source: 'cli',
  clientName: null,
  kind: 'customers',
  mode: 'snapshot',
  status: 'failed',
  customer: null,
  received: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  stale: 0,
  deleted: 0,
  rejected: 0,
  durationMs: 40,
};
const partial: ImportRunRow = { ...failed, id: 42, source: 'api', clientName: 'ERP Noord', kind: 'patients', mode: 'upsert', status: 'partial', received: 1250, inserted: 1200, rejected: 50, durationMs: 1250 };
const detail: ImportRunDetail = { ...partial, finishedAt: '2026-11-26T09:15:03Z', warnings: ['Tekst gelezen als Windows-1252'], error: null };
const rejection: ImportRejectionRow = { id: 1, line: 7, key: 'PAT-7', code: 'unknown_reference', field: 'department', reason: 'Onbekende afdeling: stuur de afdeling eerst mee' };
const clients = [{ id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', name: 'ERP Noord', scopes: ['patients'], contactEmail: null, revoked: false }];

const pages = [
  { path: backofficePaths.importRuns.path, Component: ImportRunsRoute },
  { path: backofficePaths.importRun.path, Component: ImportRunRoute },
];

let objectUrls: ObjectUrls;
beforeEach(() => {
  stubDesktopScreen();
  objectUrls = stubObjectUrls();
});

describe('Koppelingen, Importruns', () => {
  it('lists the runs under their tab in Dutch, a failing run in the error colour, each linking to its page', async () => {
    stubRoutes({ [calls.getTable.path]: () => jsonResponse({ total: 2, items: [partial, failed] }), [backofficeWebhookCalls.listClients.path]: () => jsonResponse(clients) });
    openStaffPages(pages, backofficePaths.importRuns.path, 'Beheerder');
    expect(screen.getByRole('heading', { level: 1, name: 'Koppelingen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Importruns', selected: true })).toHaveAttribute('href', '/beheer/koppelingen/importruns');
    const table = await screen.findByRole('table', { name: 'Importruns' });
    await within(table).findByText('ERP Noord');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(
      expect.arrayContaining(['Koppeling', 'Soort', 'Modus', 'Status', 'Ontvangen', 'Nieuw', 'Gewijzigd', 'Ongewijzigd', 'Verouderd', 'Verwijderd', 'Geweigerd', 'Duur']),
    );
    expect(rows[1]).toHaveTextContent('ERP Noord');
    expect(rows[1]).toHaveTextContent('Patiënten');
    expect(rows[1]).toHaveTextContent('deels geslaagd');
    expect(rows[1]).toHaveTextContent('1.250');
    expect(rows[1]).toHaveTextContent('1,3 s');
    expect(rows[2]).toHaveTextContent('Opdrachtregel');
    expect(rows[2]).toHaveTextContent('Klanten');
    expect(rows[2]).toHaveTextContent('40 ms');
    expect(within(rows[2]!).getByText('mislukt').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/beheer/koppelingen/importruns/42');
  });

  it('filters on status and client, kept in the address, and says when nothing is found', async () => {
    const server = stubRoutes({
      [calls.getTable.path]: (request) => jsonResponse((request.body as { status?: string }).status ? { total: 0, items: [] } : { total: 1, items: [failed] }),
      [backofficeWebhookCalls.listClients.path]: () => jsonResponse(clients),
    });
    const { user, router } = openStaffPages(pages, backofficePaths.importRuns.path, 'Beheerder');
    await screen.findByRole('table', { name: 'Importruns' });
    const form = screen.getByRole('search', { name: 'Importruns filteren' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'mislukt');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Koppeling' }), 'ERP Noord');
    await user.click(within(form).getByRole('button', { name: 'Filteren' }));
    expect(await screen.findByText('Geen importruns gevonden bij deze filters.')).toBeInTheDocument();
    expect(server.requests(calls.getTable.path).at(-1)?.body).toMatchObject({ status: 'failed', client: clients[0]!.id });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'failed', client: clients[0]!.id });
  });

  it('says so when the runs cannot be loaded', async () => {
    stubRoutes({ [calls.getTable.path]: () => problemResponse(500), [backofficeWebhookCalls.listClients.path]: () => jsonResponse(clients) });
    openStaffPages(pages, backofficePaths.importRuns.path, 'Beheerder');
    expect(await screen.findByText(feedback.tableLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it("shows a run's counts, warning and rejected rows with their code and field, and downloads every rejected row", async () => {
    const server = stubRoutes({
      [calls.get.path]: () => jsonResponse(detail),
      [calls.getRejections.path]: () => jsonResponse({ total: 50, items: [rejection] }),
      [calls.exportRejections.path]: () =>
        new Response('\uFEFFRegel;Sleutel;Code;Veld;Reden\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="importrun-42-geweigerde-rijen.csv"' } }),
    });
    const { user } = openStaffPages(pages, '/beheer/koppelingen/importruns/42', 'Beheerder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Importrun 42' })).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Aantallen' });
    expect(counts).toHaveTextContent('Ontvangen1.250');
    expect(counts).toHaveTextContent('Geweigerd50');
    expect(screen.getByText('Tekst gelezen als Windows-1252')).toBeInTheDocument();
    const rejected = await screen.findByRole('table', { name: 'Geweigerde rijen' });
    const row = within(rejected).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('PAT-7');
    expect(row).toHaveTextContent('unknown_reference');
    expect(row).toHaveTextContent('department');
    expect(row).toHaveTextContent('Onbekende afdeling');
    expect(server.requests(calls.getRejections.path)[0]?.body).toMatchObject({ runId: 42 });
    await user.click(screen.getByRole('button', { name: 'Alle geweigerde rijen downloaden (CSV)' }));
    await waitFor(() => expect(objectUrls.downloads.map((download) => download.name)).toEqual(['importrun-42-geweigerde-rijen.csv']));
    expect(server.requests(calls.exportRejections.path)[0]?.url.searchParams.get('Id')).toBe('42');
  });

  it("says so when a run cannot be loaded, and leaves out code and field where the rejections name none", async () => {
    stubRoutes({ [calls.get.path]: () => problemResponse(404) });
    const first = openStaffPages(pages, '/beheer/koppelingen/importruns/43', 'Beheerder');
    expect(await screen.findByText(feedback.serverError)).toBeInTheDocument();
    first.unmount();
    stubRoutes({ [calls.get.path]: () => jsonResponse(detail), [calls.getRejections.path]: () => jsonResponse({ total: 1, items: [{ ...rejection, code: null, field: null }] }) });
    openStaffPages(pages, '/beheer/koppelingen/importruns/42', 'Beheerder');
    const rejected = await screen.findByRole('table', { name: 'Geweigerde rijen' });
    await within(rejected).findByText('PAT-7');
    const headers = within(rejected).getAllByRole('columnheader').map((c) => c.textContent);
    expect(headers).toEqual(['Regel', 'Sleutel', 'Reden']);
  });
});
