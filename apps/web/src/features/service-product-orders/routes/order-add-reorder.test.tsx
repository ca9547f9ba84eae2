import { calls, feedback, type ServiceProduct, type ServiceProductOrder } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import OrderAddRoute from './order-add';
import OrderDetailRoute from './order-detail';

const { getServiceProducts } = calls.serviceProduct;
const { addServiceProductOrder, getServiceProductOrderById } = calls.serviceProductOrder;

const products: ServiceProduct[] = [
  { serviceProductId: 11, articleCode: 'SP-001', name: 'Etiketten adreslabel', description: '', imageUri: null, price: 13.75 },
  { serviceProductId: 12, articleCode: 'SP-002', name: 'Transportkrat', description: '', imageUri: null, price: 1234.56 },
  { serviceProductId: 14, articleCode: 'SP-004', name: 'Sealtape', description: '', imageUri: null, price: 19.99 },
];

/** Ordered in March: the labels cost 12,50 then; the dispenser has since left the catalogue. */
const earlier: ServiceProductOrder = {
  serviceProductOrderId: 4711,
  requesterName: 'Sanne de Vries',
  requesterEmail: 'beheer@apotheekdelinde.example',
  status: 'Archived',
  createdByPharmacistAccountId: 3,
  createdByPharmacistEmailAddress: 'beheer@apotheekdelinde.example',
  createDate: '2026-03-05T13:30:00Z',
  orderTotalPrice: 1259.56,
  orderRows: [
    { serviceProductId: 11, serviceProductArticleCode: 'SP-001', serviceProductName: 'Etiketten adreslabel', amount: 2, price: 12.5, rowTotalPrice: 25 },
    { serviceProductId: 13, serviceProductArticleCode: 'SP-003', serviceProductName: 'Dispenser', amount: 4, price: null, rowTotalPrice: null },
    { serviceProductId: 12, serviceProductArticleCode: 'SP-002', serviceProductName: 'Transportkrat', amount: 1, price: 1234.56, rowTotalPrice: 1234.56 },
  ],
};

function stubServer(order: () => Response = () => jsonResponse(earlier)) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case getServiceProducts.path:
        return jsonResponse(products);
      case getServiceProductOrderById.path:
        return order();
      case addServiceProductOrder.path:
        return jsonResponse({ serviceProductOrderId: 4712 });
      case calls.forms.getFormPostUserDetails.path:
        return jsonResponse({ firstName: 'Sanne', middleName: 'de', lastName: 'Vries', emailAddress: 'beheer@apotheekdelinde.example', clientCode: 'APO-1001', clientName: 'Apotheek De Linde' });
      default:
        return problemResponse(404);
    }
  });
}

const renderAt = (url: string) => {
  logIn();
  return renderRoutes(
    [
      { path: '/orders-add', Component: OrderAddRoute },
      { path: '/orders/:id', Component: OrderDetailRoute },
      { path: '/orders', element: <p>list</p> },
    ],
    url,
  );
};

const amountBox = (name: string) => within(screen.getByRole('listitem', { name })).getByRole('textbox', { name: `Aantal ${name}` });

describe('Opnieuw bestellen', () => {
  it('leads from an order to Nieuwe bestelling with the same products and amounts, at today’s prices', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    renderAt('/orders/4711');
    await user.click(await screen.findByRole('link', { name: 'Opnieuw bestellen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe bestelling' })).toBeInTheDocument();
    const notice = await screen.findByRole('alert', { name: 'Opnieuw bestellen: bestelling 4711' });
    expect(notice).toHaveTextContent('Ingevuld vanuit bestelling 4711');
    expect(within(notice).getByRole('list', { name: 'Weggelaten producten' })).toHaveTextContent('Dispenser (SP-003)');
    expect(within(notice).getByRole('list', { name: 'Gewijzigde prijzen' })).toHaveTextContent('Etiketten adreslabel: was € 12,50, nu € 13,75');
    expect(amountBox('Etiketten adreslabel')).toHaveValue('2');
    expect(amountBox('Transportkrat')).toHaveValue('1');
    expect(amountBox('Sealtape')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Bestelling controleren (3)' })).toBeEnabled();
    expect(screen.getByTestId('order-total')).toHaveTextContent('€ 1.262,06');

    // What is filled in can still be changed before ordering.
    await user.clear(amountBox('Transportkrat'));
    await user.type(amountBox('Transportkrat'), '2');
    await user.click(screen.getByRole('button', { name: 'Bestelling controleren (4)' }));
    await user.click(await screen.findByRole('button', { name: 'Bestellen' }));
    expect(await screen.findByText(feedback.orderSucceeded)).toBeInTheDocument();
    expect(server.requests(addServiceProductOrder.path)[0]?.body).toEqual({
      orderRows: [
        { serviceProductId: 11, amount: 2 },
        { serviceProductId: 12, amount: 2 },
      ],
    });
    // Done: the form is empty again and no longer says where it came from.
    expect(amountBox('Etiketten adreslabel')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Opnieuw bestellen/ })).not.toBeInTheDocument());
  });

  it('keeps the order button disabled while an amount is not one (a product on two lines of over 999 together), at a count of 0 too', async () => {
    const twice = (amount: number) => ({ ...earlier.orderRows[2]!, amount, price: 1234.56, rowTotalPrice: amount * 1234.56 });
    stubServer(() => jsonResponse({ ...earlier, orderRows: [twice(600), twice(600)] }));
    const user = userEvent.setup();
    renderAt('/orders-add?opnieuw=4711');
    expect(await screen.findByRole('alert', { name: 'Opnieuw bestellen: bestelling 4711' })).toBeInTheDocument();

    const box = amountBox('Transportkrat');
    expect(box).toHaveValue('1200');
    expect(box).toHaveAccessibleDescription('Vul een heel aantal van 1 tot 999 in');
    expect(screen.getByRole('button', { name: 'Bestelling controleren (0)' })).toBeDisabled();
    await user.type(amountBox('Sealtape'), '2');
    expect(screen.getByRole('button', { name: 'Bestelling controleren (2)' })).toBeDisabled();
    expect(screen.getByText(/^Niet elk aantal klopt/)).toBeInTheDocument();

    // Taking a digit off makes it an amount: the button counts it and can be pressed.
    await user.type(box, '{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(box).toHaveValue('120');
    expect(screen.getByRole('button', { name: 'Bestelling controleren (122)' })).toBeEnabled();
    expect(screen.queryByText(/^Niet elk aantal klopt/)).not.toBeInTheDocument();
  });

  it('says when the earlier order cannot be read, and leaves the form empty to fill in', async () => {
    stubServer(() => problemResponse(404));
    renderAt('/orders-add?opnieuw=4711');
    expect(await screen.findByText(/Bestelling 4711 kon niet worden geladen/)).toBeInTheDocument();
    expect(amountBox('Etiketten adreslabel')).toHaveValue('');
  });

  it('ignores an order number that cannot be one', async () => {
    const server = stubServer();
    renderAt('/orders-add?opnieuw=abc');
    expect(await screen.findByRole('listitem', { name: 'Transportkrat' })).toBeInTheDocument();
    expect(server.requests(getServiceProductOrderById.path)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
