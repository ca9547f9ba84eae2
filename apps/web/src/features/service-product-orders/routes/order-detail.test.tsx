import { calls, feedback, type ServiceProductOrder } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import OrderDetailRoute from './order-detail';

const path = calls.serviceProductOrder.getServiceProductOrderById.path;

const order: ServiceProductOrder = {
  serviceProductOrderId: 4711,
  requesterName: 'Sanne de Vries',
  requesterEmail: 'beheer@apotheekdelinde.example',
  status: 'New',
  createdByPharmacistAccountId: 3,
  createdByPharmacistEmailAddress: 'beheer@apotheekdelinde.example',
  createDate: '2026-03-05T13:30:00Z',
  orderTotalPrice: 1259.56,
  orderRows: [
    {
      serviceProductId: 11,
      serviceProductArticleCode: 'SP-001',
      serviceProductName: 'Etiketten adreslabel',
      amount: 2,
      price: 12.5,
      rowTotalPrice: 25,
    },
    {
      serviceProductId: 12,
      serviceProductArticleCode: 'SP-002',
      serviceProductName: 'Transportkrat',
      amount: 1,
      price: 1234.56,
      rowTotalPrice: 1234.56,
    },
    {
      serviceProductId: 13,
      serviceProductArticleCode: 'SP-003',
      serviceProductName: 'Dispenser',
      amount: 4,
      price: null,
      rowTotalPrice: null,
    },
  ],
};

function stubOrder(answer: () => Response) {
  return stubFetch((request) => (request.url.pathname === path ? answer() : problemResponse(404)));
}

const renderDetail = (url: string) => {
  logIn();
  return renderRoutes(
    [
      { path: '/orders/:id', Component: OrderDetailRoute },
      { path: '/orders', element: <p>list page</p> },
    ],
    url,
  );
};

const backLink = () => screen.getByRole('link', { name: 'Terug naar bestellingen' });

describe('the order page', () => {
  it('shows number, requester, status, date and the lines with their prices and the order total', async () => {
    const server = stubOrder(() => jsonResponse(order));
    renderDetail('/orders/4711');

    expect(await screen.findByRole('table', { name: 'Bestelde producten' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bestelling 4711' })).toBeInTheDocument();
    expect(server.requests(path)[0]?.url.searchParams.get('ServiceProductOrderId')).toBe('4711');
    const facts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Bestelnummer: '4711',
      Datum: '05-03-2026 14:30',
      Status: 'Nieuw',
      'Aangevraagd door': 'Sanne de Vries',
      'E-mailadres': 'beheer@apotheekdelinde.example',
    });

    const lines = screen.getByRole('table', { name: 'Bestelde producten' });
    const rows = within(lines).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\u00a0/g, ' ')));
    expect(rows).toEqual([
      ['Artikelcode', 'Naam', 'Aantal', 'Prijs excl. btw', 'Totaal excl. btw'],
      ['SP-001', 'Etiketten adreslabel', '2', '€ 12,50', '€ 25,00'],
      ['SP-002', 'Transportkrat', '1', '€ 1.234,56', '€ 1.234,56'],
      ['SP-003', 'Dispenser', '4', 'Prijs op aanvraag', '–'],
      ['Totaal excl. btw', '€ 1.259,56 excl. producten met prijs op aanvraag'],
    ]);
    expect(backLink()).toHaveAttribute('href', '/orders');
  });

  it('shows a loading state while the order is fetched', async () => {
    stubOrder(() => jsonResponse(order));
    renderDetail('/orders/4711');
    expect(await screen.findByRole('status')).toHaveTextContent('Bestelling laden…');
    expect(await screen.findByRole('table', { name: 'Bestelde producten' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says clearly that an unknown order is not there', async () => {
    stubOrder(() => problemResponse(404));
    renderDetail('/orders/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByText(feedback.orderLoadFailed)).not.toBeInTheDocument();
    expect(backLink()).toBeInTheDocument();
  });

  it('does not ask the server for an id that cannot be one', async () => {
    const server = stubOrder(() => jsonResponse(order));
    renderDetail('/orders/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling niet gevonden' })).toBeInTheDocument();
    renderDetail('/orders/99999999999');
    expect(server.requests(path)).toHaveLength(0);
  });

  it('shows the failure with a retry, and a way back', async () => {
    let failing = true;
    stubOrder(() => (failing ? problemResponse(500) : jsonResponse(order)));
    const user = userEvent.setup();
    renderDetail('/orders/4711');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(feedback.orderLoadFailed);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('table', { name: 'Bestelde producten' })).toBeInTheDocument();
    await user.click(backLink());
    expect(await screen.findByText('list page')).toBeInTheDocument();
  });
});
