import {
  amsterdamDate,
  calls,
  dashboardCalls,
  deploymentProfilePath,
  deploymentProfiles,
  feedback,
  type DashboardSummary,
} from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes, type Routes } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import { deliveryDay } from '../components/overview';
import DashboardRoute from './dashboard';

const renderDashboard = (Component: () => React.ReactNode = () => <DashboardRoute />) => {
  logIn();
  return renderRoutes([{ path: '/', Component }], '/');
};

/** `YYYY-MM-DD`, `days` after today in Amsterdam. */
const dayAfter = (days: number) => amsterdamDate(new Date(Date.now() + days * 86_400_000));

const filledSummary: DashboardSummary = {
  nextDeliveries: {
    total: 9,
    items: [
      { facility: 'Thuiszorg Noord', date: dayAfter(0), time: '10:00' },
      { facility: 'Afdeling A', date: dayAfter(1), time: '07:00' },
      { facility: 'Woonzorgcentrum Élan', date: dayAfter(5), time: '08:00' },
    ],
  },
  inProduction: {
    total: 12,
    items: [{ facility: 'Afdeling A', patientCount: 14, bagCount: 98, reelStatusText: 'In productie', orderDate: '2026-11-18' }],
  },
  latestInvoice: { processedMonth: '2026-10-01', clientCode: 'AP-001', invoiceAmount: 1234.5, invoiceNumber: 'F2026-1010', paymentStatus: 'Open' },
  frequentForms: ['Photo', 'NonFaqQuestion', 'ImperfectionApeldoorn'],
};

const empty: DashboardSummary = {
  nextDeliveries: { total: 0, items: [] },
  inProduction: { total: 0, items: [] },
  latestInvoice: null,
  frequentForms: [],
};

function serve(routes: Routes = {}) {
  return stubRoutes({
    [calls.memo.getActiveMemos.path]: () => jsonResponse([]),
    [dashboardCalls.getSummary.path]: () => jsonResponse(filledSummary),
    [deploymentProfilePath]: () => jsonResponse(deploymentProfiles.oosterwolde),
    ...routes,
  });
}

const card = (name: string) => screen.findByRole('region', { name });

describe('the dashboard', () => {
  it('shows the active memos as cards, line breaks kept', async () => {
    serve({
      [calls.memo.getActiveMemos.path]: () =>
        jsonResponse([
          { memoId: 7, title: 'Leveringen rond Pasen', text: 'Op Tweede Paasdag wordt niet geleverd.\nDe levering volgt een dag later.' },
          { memoId: 3, title: 'Nieuw: Excel-specificatie', text: 'Bij elke factuur.' },
        ]),
    });
    renderDashboard();

    const memo = await screen.findByRole('article', { name: 'Leveringen rond Pasen' });
    const text = within(memo).getByText(/Op Tweede Paasdag/);
    expect(text.textContent).toBe('Op Tweede Paasdag wordt niet geleverd.\nDe levering volgt een dag later.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says when there are no memos', async () => {
    serve();
    renderDashboard();
    expect(await screen.findByText('Er zijn op dit moment geen mededelingen.')).toBeInTheDocument();
  });

  it('says when the memos cannot be fetched', async () => {
    serve({ [calls.memo.getActiveMemos.path]: () => problemResponse(500) });
    renderDashboard();
    const memos = await screen.findByRole('region', { name: 'Mededelingen' });
    expect(await within(memos).findByRole('alert')).toHaveTextContent(feedback.serverError);
    expect(await card('Laatste factuur')).toBeInTheDocument();
  });

  it('shows the next delivery per department, today and tomorrow by name', async () => {
    serve();
    renderDashboard();
    const deliveries = await card('Volgende leveringen');
    const items = within(deliveries).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Thuiszorg Noordvandaag om 10:00',
      'Afdeling Amorgen om 07:00',
      `Woonzorgcentrum Élan${deliveryDay(dayAfter(5), dayAfter(0))} om 08:00`,
    ]);
    expect(deliveryDay('2026-11-30', '2026-11-25')).toBe('maandag 30 november');
    expect(within(deliveries).getByText('en 6 andere afdelingen')).toBeInTheDocument();
    expect(within(deliveries).getByRole('link', { name: 'Alle leveringsafspraken' })).toHaveAttribute('href', '/calendar');
  });

  it('shows the packing orders in production and how many there are', async () => {
    serve();
    renderDashboard();
    const production = await card('In productie');
    expect(within(production).getByText('12 inpakopdrachten zijn in productie.')).toBeInTheDocument();
    expect(within(production).getByRole('listitem')).toHaveTextContent('Afdeling ABesteld 18-11-2026 · 14 patiënten · 98 zakjes');
    expect(within(production).getByRole('link', { name: 'Alle inpakopdrachten' })).toHaveAttribute('href', '/packing-order');
  });

  it('shows the latest invoice with what the page offers to do with it', async () => {
    serve();
    renderDashboard(() => <DashboardRoute invoiceActions={(row) => <button type="button">{`Factuur ${row.invoiceNumber} downloaden`}</button>} />);
    const invoice = await card('Laatste factuur');
    expect(invoice).toHaveTextContent('oktober 2026');
    expect(invoice).toHaveTextContent('Factuurnummer F2026-1010');
    expect(invoice).toHaveTextContent('€ 1.234,50');
    expect(within(invoice).getByText('Open')).toBeInTheDocument();
    expect(within(invoice).getByRole('button', { name: 'Factuur F2026-1010 downloaden' })).toBeInTheDocument();
    expect(within(invoice).getByRole('link', { name: 'Alle facturen' })).toHaveAttribute('href', '/invoices');
  });

  it("offers the account's most used forms first, then the usual ones this site has", async () => {
    serve();
    renderDashboard();
    const forms = await card('Uw formulieren');
    // a question is no form; the Apeldoorn report is not on this (Oosterwolde) site
    expect(within(forms).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Foto aanvragen', '/forms/requestPhoto'],
      ['Aanvraagformulier rollen', '/forms/requestImmediateProduct'],
      ['Melding onvolkomenheden', '/forms/reportImperfectionInceptionOosterwolde'],
      ['Assortimentsaanvraag', '/forms/requestNewProduct'],
    ]);
  });

  it('says calmly what there is not yet, and leaves out the deliveries where the site has no calendar', async () => {
    serve({ [dashboardCalls.getSummary.path]: () => jsonResponse(empty), [deploymentProfilePath]: () => jsonResponse(deploymentProfiles.alkmaar) });
    renderDashboard();
    expect(await within(await card('In productie')).findByText('Er zijn geen inpakopdrachten in productie.')).toBeInTheDocument();
    expect(within(await card('Laatste factuur')).getByText('Er zijn nog geen facturen.')).toBeInTheDocument();
    expect(within(await card('Formulieren')).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Aanvraagformulier rollen',
      'Melding onvolkomenheden',
      'Assortimentsaanvraag',
      'Foto aanvragen',
    ]);
    expect(screen.queryByRole('region', { name: 'Volgende leveringen' })).not.toBeInTheDocument();
  });

  it('says when the overview cannot be fetched, and fetches it again on request', async () => {
    let down = true;
    serve({ [dashboardCalls.getSummary.path]: () => (down ? problemResponse(500) : jsonResponse(filledSummary)) });
    renderDashboard();
    const overview = await screen.findByRole('region', { name: 'Overzicht' });
    expect(await within(overview).findByRole('alert')).toHaveTextContent(feedback.serverError);
    down = false;
    within(overview).getByRole('button', { name: 'Opnieuw proberen' }).click();
    expect(await card('Laatste factuur')).toBeInTheDocument();
  });

  it('is the memos alone on a server without the overview', async () => {
    const server = serve({ [dashboardCalls.getSummary.path]: () => problemResponse(404) });
    renderDashboard();
    expect(await screen.findByText('Er zijn op dit moment geen mededelingen.')).toBeInTheDocument();
    await expect.poll(() => server.requests(dashboardCalls.getSummary.path).length).toBeGreaterThan(0);
    await expect.poll(() => screen.queryByRole('region', { name: 'Overzicht' })).toBeNull();
  });
});
