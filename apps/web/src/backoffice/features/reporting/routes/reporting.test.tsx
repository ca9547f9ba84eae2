import { backofficeReportingCalls as calls, reportFigureTexts, reportingText, validation, type Report } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import ReportingRoute from './reporting';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';

const report: Report = {
  from: '2026-03-02',
  until: '2026-03-15',
  kinds: ['NonFaqQuestion', 'ServiceOrder'],
  weeks: [
    { weekStart: '2026-03-02', week: 10, counts: { NonFaqQuestion: 2 }, total: 2 },
    { weekStart: '2026-03-09', week: 11, counts: { NonFaqQuestion: 1, ServiceOrder: 1 }, total: 2 },
  ],
  firstResponse: [
    { kind: 'NonFaqQuestion', received: 3, responded: 2, medianSeconds: 9000, p90Seconds: 12_240 },
    { kind: 'ServiceOrder', received: 1, responded: 0, medianSeconds: null, p90Seconds: null },
    { kind: null, received: 4, responded: 2, medianSeconds: 9000, p90Seconds: 12_240 },
  ],
  serviceTime: [
    { kind: 'NonFaqQuestion', serviceHours: 48, received: 3, overdue: 1, overdueOpen: 1 },
    { kind: 'ServiceOrder', serviceHours: 120, received: 1, overdue: 0, overdueOpen: 0 },
  ],
  staff: [{ staffId: 3, name: 'Karim de Wit', handled: 3, answered: 2, firstResponses: 2, medianSeconds: 9000 }],
};

let objectUrls: ObjectUrls;

beforeEach(() => {
  stubDesktopScreen();
  objectUrls = stubObjectUrls();
});

const open = (url: string = backofficePaths.reporting.path, role: 'Beheerder' | 'Kwaliteit' = 'Beheerder') =>
  openStaffPages([{ path: backofficePaths.reporting.path, Component: ReportingRoute }], url, role);

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Rapportage', () => {
  it('gives every chart a text alternative: a name that says what it shows, and its numbers in a table under it', async () => {
    stubRoutes({ [calls.get.path]: () => jsonResponse(report) });
    open();
    expect(await screen.findByText(reportingText.period('2026-03-02', '2026-03-15'))).toBeVisible();
    for (const figure of ['weeks', 'firstResponse', 'serviceTime', 'staff'] as const) {
      const section = screen.getByRole('region', { name: reportFigureTexts[figure].title });
      expect(within(section).getByRole('img', { name: reportingText.chartLabel(reportFigureTexts[figure].title) })).toBeInTheDocument();
      expect(within(section).getByText(reportFigureTexts[figure].explanation)).toBeVisible();
    }
    expect(cellsOf(screen.getByRole('table', { name: 'Binnengekomen per week' }))).toEqual([
      ['Week', 'Begint op', 'Vraag', 'Bestelling serviceproducten', 'Totaal'],
      ['10', '02-03-2026', '2', '0', '2'],
      ['11', '09-03-2026', '1', '1', '2'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Eerste reactie' }))).toEqual([
      ['Soort', 'Ontvangen', 'Met reactie', 'Mediaan (uren)', '90e percentiel (uren)'],
      ['Vraag', '3', '2', '2,5', '3,4'],
      ['Bestelling serviceproducten', '1', '0', '–', '–'],
      ['Alle soorten', '4', '2', '2,5', '3,4'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Langer open dan de servicetijd' }))).toEqual([
      ['Soort', 'Servicetijd (uren)', 'Ontvangen', 'Langer open', 'Waarvan nog open'],
      ['Vraag', '48', '3', '1', '1'],
      ['Bestelling serviceproducten', '120', '1', '0', '0'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Per medewerker' }))).toEqual([
      ['Medewerker', 'Behandeld', 'Beantwoord', 'Eerste reacties', 'Mediaan eerste reactie (uren)'],
      ['Karim de Wit', '3', '2', '2', '2,5'],
    ]);
  });

  it('reports the period chosen, refuses one that ends before it starts, and downloads a figure as CSV', async () => {
    const server = stubRoutes({
      [calls.get.path]: () => jsonResponse(report),
      [calls.export.path]: () =>
        new Response('\uFEFFSoort;Ontvangen\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="rapportage-eerste-reactie-2026-03-20.csv"' },
        }),
    });
    const { user } = open(`${backofficePaths.reporting.path}?from=2026-03-02&until=2026-03-15`);
    await screen.findByRole('table', { name: 'Eerste reactie' });
    expect(server.requests(calls.get.path).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([{ from: '2026-03-02', until: '2026-03-15' }]);

    const filters = screen.getByRole('search', { name: reportingText.filterLabel });
    // The date fields come as a chunk of their own.
    await user.clear(await within(filters).findByLabelText(reportingText.untilLabel));
    await user.type(within(filters).getByLabelText(reportingText.untilLabel), '01-03-2026');
    await user.click(within(filters).getByRole('button', { name: 'Filteren' }));
    expect(await within(filters).findByText(reportingText.periodOrder)).toBeVisible();
    expect(server.requests(calls.get.path)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `${reportingText.download}: Eerste reactie` }));
    await waitFor(() => expect(objectUrls.downloads.map((download) => download.name)).toEqual(['rapportage-eerste-reactie-2026-03-20.csv']));
    expect(Object.fromEntries(server.requests(calls.export.path)[0]!.url.searchParams)).toEqual({ figure: 'firstResponse', from: '2026-03-02', until: '2026-03-15' });
  });

  it('takes a period typed as DD-MM-JJJJ and asks for it as YYYY-MM-DD; an impossible day is said and asks nothing', async () => {
    const server = stubRoutes({ [calls.get.path]: () => jsonResponse(report) });
    const { user, router } = open();
    await screen.findByRole('table', { name: 'Eerste reactie' });
    const filters = screen.getByRole('search', { name: reportingText.filterLabel });
    await user.type(await within(filters).findByLabelText(reportingText.fromLabel), '31-02-2026');
    await user.click(within(filters).getByRole('button', { name: 'Filteren' }));
    expect(await within(filters).findByText(validation.invalidDate)).toBeVisible();
    expect(server.requests(calls.get.path)).toHaveLength(1);

    await user.clear(within(filters).getByLabelText(reportingText.fromLabel));
    await user.type(within(filters).getByLabelText(reportingText.fromLabel), '01-01-2026');
    await user.type(within(filters).getByLabelText(reportingText.untilLabel), '31-12-2026');
    await user.click(within(filters).getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(Object.fromEntries(server.requests(calls.get.path).at(-1)!.url.searchParams)).toEqual({ from: '2026-01-01', until: '2026-12-31' }));
    expect(router.state.location.search).toBe('?from=2026-01-01&until=2026-12-31');
  });

  it('tells Kwaliteit its figures are the imperfection reports’, and says so when nothing arrived', async () => {
    stubRoutes({ [calls.get.path]: () => jsonResponse({ ...report, kinds: [], weeks: [], firstResponse: [], serviceTime: [], staff: [] }) });
    open(backofficePaths.reporting.path, 'Kwaliteit');
    expect(await screen.findByText(reportingText.kwaliteitOnly)).toBeVisible();
    expect(screen.getAllByText(reportingText.noItems)).toHaveLength(4);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
