import { calls, feedback } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import PackingOrdersRoute from './packing-orders';

const renderPackingOrders = () => {
  logIn();
  renderRoutes([{ path: '/packing-order', Component: PackingOrdersRoute }], '/packing-order');
};

describe('the packing orders page', () => {
  it('shows counts and the order date in Dutch, newest first by default', async () => {
    const server = stubFetch(() =>
      jsonResponse({
        total: 1,
        items: [{ facility: 'Afdeling Noord', patientCount: 42, bagCount: 1288, reelStatusText: 'Verzonden', orderDate: '2026-03-05' }],
      }),
    );
    renderPackingOrders();

    const row = (await screen.findByRole('cell', { name: 'Afdeling Noord' })).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Afdeling Noord',
      '42',
      '1.288',
      'Verzonden',
      '05-03-2026',
    ]);
    expect(server.requests(calls.packingOrder.getOrderFulfillmentsTable.path)[0]?.body).toMatchObject({
      sortBy: 'orderDate',
      descending: true,
      rowsPerPage: 20,
    });
  });

  it('says when there are none', async () => {
    stubFetch(() => jsonResponse({ total: 0, items: [] }));
    renderPackingOrders();
    expect(await screen.findByText(feedback.emptyPackingOrders)).toBeInTheDocument();
  });
});
