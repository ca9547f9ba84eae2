import { calls, feedback, type ServiceProductOrderListRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import OrdersRoute from './orders';

const path = calls.serviceProductOrder.getServiceProductOrderTable.path;

/** Order n of `count`, newest (highest id) first. */
const order = (id: number): ServiceProductOrderListRow => ({
  serviceProductOrderId: id,
  requesterName: `Medewerker ${id}`,
  status: id % 2 === 0 ? 'New' : 'Processing',
  createDate: `2026-03-${String((id % 28) + 1).padStart(2, '0')}T09:15:00Z`,
});

/** A customer with `count` orders, ids 1..count, that pages as the real server does. */
function stubOrders(count: number, fail = () => false) {
  return stubFetch((request) => {
    if (request.url.pathname !== path) return problemResponse(404);
    if (fail()) return problemResponse(500);
    const { page, rowsPerPage } = request.body as { page: number; rowsPerPage: number };
    const ids = Array.from({ length: count }, (_, index) => count - index);
    return jsonResponse({ total: count, items: ids.slice((page - 1) * rowsPerPage, page * rowsPerPage).map(order) });
  });
}

const renderOrders = () => {
  logIn();
  return renderRoutes(
    [
      { path: '/orders', Component: OrdersRoute },
      { path: '/orders/:id', element: <p>detail page</p> },
      { path: '/orders-add', element: <p>add page</p> },
    ],
    '/orders',
  );
};

const table = () => screen.getByRole('table', { name: 'Bestellingen' });
const shownIds = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the orders page', () => {
  it('asks for 30 orders, newest first, and shows 5 per page without asking again', async () => {
    const server = stubOrders(42);
    const user = userEvent.setup();
    renderOrders();

    await screen.findByRole('link', { name: 'Bestelling 42 openen' });
    expect(server.requests(path).map((r) => r.body)).toEqual([
      { sortBy: 'serviceProductOrderId', descending: true, page: 1, rowsPerPage: 30, search: '' },
    ]);
    expect(shownIds()).toEqual(['42', '41', '40', '39', '38']);
    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '42',
      '15-03-2026 10:15',
      'Medewerker 42',
      'Nieuw',
    ]);
    expect(screen.getByText('1–5 van 42')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ga naar volgende pagina' }));
    expect(shownIds()).toEqual(['37', '36', '35', '34', '33']);
    expect(screen.getByText('6–10 van 42')).toBeInTheDocument();
    expect(server.requests(path)).toHaveLength(1);
  });

  it('reaches the older orders: past the 30 fetched it asks the server for the next 30', async () => {
    const server = stubOrders(42);
    const user = userEvent.setup();
    renderOrders();
    await screen.findByRole('link', { name: 'Bestelling 42 openen' });

    await user.click(screen.getByRole('button', { name: 'Ga naar laatste pagina' }));
    expect(await screen.findByRole('link', { name: 'Bestelling 2 openen' })).toBeInTheDocument();
    expect(shownIds()).toEqual(['2', '1']);
    expect(screen.getByText('41–42 van 42')).toBeInTheDocument();
    expect(server.requests(path).at(-1)?.body).toMatchObject({ page: 2, rowsPerPage: 30 });

    await user.click(screen.getByRole('button', { name: 'Ga naar vorige pagina' }));
    expect(shownIds()).toEqual(['7', '6', '5', '4', '3']);
    await user.click(screen.getByRole('button', { name: 'Ga naar vorige pagina' }));
    expect(await screen.findByRole('link', { name: 'Bestelling 12 openen' })).toBeInTheDocument();
    expect(shownIds()).toEqual(['12', '11', '10', '9', '8']);
  });

  it('opens an order by a click on its row', async () => {
    stubOrders(3);
    const user = userEvent.setup();
    const { router } = renderOrders();

    await user.click(await screen.findByRole('cell', { name: 'Medewerker 2' }));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/2');
  });

  it('opens an order from the keyboard through the link in its row', async () => {
    stubOrders(3);
    const user = userEvent.setup();
    const { router } = renderOrders();

    const link = await screen.findByRole('link', { name: 'Bestelling 3 openen' });
    expect(link).toHaveAttribute('href', '/orders/3');
    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/3');
  });

  it('leads to a new order', async () => {
    stubOrders(1);
    const user = userEvent.setup();
    renderOrders();
    await user.click(screen.getByRole('link', { name: 'Nieuwe bestelling' }));
    expect(await screen.findByText('add page')).toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    stubOrders(0);
    renderOrders();
    expect(await screen.findByText('U heeft nog geen serviceproducten besteld.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Serviceproducten bekijken' })).toHaveAttribute('href', '/orders-add');
  });

  it('shows the failure with a retry', async () => {
    let failing = true;
    stubOrders(3, () => failing);
    const user = userEvent.setup();
    renderOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(feedback.orderLoadFailed);
    expect(alert.textContent).not.toContain(feedback.tableLoadFailed);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: 'Bestelling 3 openen' })).toBeInTheDocument();
  });
});
