import { calls, feedback, type ServiceProduct } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import OrderAddRoute from './order-add';

const products: ServiceProduct[] = [
  {
    serviceProductId: 11,
    articleCode: 'SP-001',
    name: 'Etiketten adreslabel',
    description: 'Rol met 1000 adresetiketten',
    imageUri: '/api/portal/ServiceProduct/GetServiceProductImage?Id=11',
    price: 12.5,
  },
  { serviceProductId: 12, articleCode: 'SP-002', name: 'Transportkrat', description: 'Blauw, met deksel', imageUri: null, price: 1234.56 },
  { serviceProductId: 13, articleCode: 'SP-003', name: 'Dispenser', description: '', imageUri: null, price: null },
];

const { getServiceProducts } = calls.serviceProduct;
const { addServiceProductOrder } = calls.serviceProductOrder;

function stubServer(options: { list?: () => Response; order?: (request: StubRequest) => Response | Promise<Response> } = {}) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case getServiceProducts.path:
        return options.list?.() ?? jsonResponse(products);
      case addServiceProductOrder.path:
        return options.order?.(request) ?? jsonResponse({ serviceProductOrderId: 4711 });
      default:
        return problemResponse(404);
    }
  });
}

const renderOrderAdd = () => {
  logIn();
  return renderRoutes(
    [
      { path: '/orders-add', Component: OrderAddRoute },
      { path: '/orders/:id', element: <p>detail</p> },
      { path: '/orders', element: <p>list</p> },
    ],
    '/orders-add',
  );
};

const item = (name: string) => screen.getByRole('listitem', { name });
const amountBox = (name: string) => 
  within(item(name)).getByRole('textbox', { name: `Aantal ${name}` });
const orderButton = () => screen.getByRole('button', { name: /^Bestellen/ });
const rowTotal = (name: string) => within(item(name)).getByTestId('row-total');

describe('the new order page', () => {
  it('shows each product with article code, name, description, image and its price excluding VAT in euro', async () => {
    stubServer();
    renderOrderAdd();

    expect(await screen.findByRole('heading', { level: 2, name: 'Etiketten adreslabel' })).toBeInTheDocument();
    const labels = item('Etiketten adreslabel');
    expect(labels).toHaveTextContent('SP-001');
    expect(labels).toHaveTextContent('Rol met 1000 adresetiketten');
    expect(labels).toHaveTextContent('Prijs excl. btw€ 12,50');
    expect(within(labels).getByRole('img', { name: 'Afbeelding van Etiketten adreslabel' })).toHaveAttribute(
      'src',
      products[0]!.imageUri,
    );
    expect(item('Transportkrat')).toHaveTextContent('€ 1.234,56');
    expect(item('Dispenser')).toHaveTextContent('Prijs excl. btw–');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Mijn bestellingen' })).toHaveAttribute('href', '/orders');
  });

  it('takes only digits in the amount box, at most three', async () => {
    stubServer();
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Transportkrat' });

    const box = amountBox('Transportkrat');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveAttribute('maxlength', '3');
    await user.type(box, '1a-2,5');
    expect(box).toHaveValue('125');
    await user.type(box, '9');
    expect(box).toHaveValue('125');
    await user.clear(box);
    await user.type(box, '-3.');
    expect(box).toHaveValue('3');
    // What maxlength does not stop (autofill, a script): cleaned all the same.
    fireEvent.change(box, { target: { value: '12x3456' } });
    expect(box).toHaveValue('123');
  });

  it('shows the row total as amount × price, a dash without a price, and counts the items on the button', async () => {
    stubServer();
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Etiketten adreslabel' });

    expect(orderButton()).toHaveTextContent('Bestellen (0)');
    expect(orderButton()).toBeDisabled();
    expect(rowTotal('Etiketten adreslabel')).toHaveTextContent('€ 0,00');
    expect(rowTotal('Dispenser')).toHaveTextContent('–');

    await user.type(amountBox('Etiketten adreslabel'), '3');
    expect(rowTotal('Etiketten adreslabel')).toHaveTextContent('€ 37,50');
    await user.type(amountBox('Transportkrat'), '10');
    expect(rowTotal('Transportkrat')).toHaveTextContent('€ 12.345,60');
    await user.type(amountBox('Dispenser'), '2');
    expect(rowTotal('Dispenser')).toHaveTextContent('–');

    expect(orderButton()).toHaveTextContent('Bestellen (15)');
    expect(orderButton()).toBeEnabled();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Totaal excl. btw: € 12.383,10 (exclusief producten zonder prijs)');

    for (const name of ['Etiketten adreslabel', 'Transportkrat', 'Dispenser']) await user.clear(amountBox(name));
    await user.type(amountBox('Transportkrat'), '0');
    expect(orderButton()).toHaveTextContent('Bestellen (0)');
    expect(orderButton()).toBeDisabled();
  });

  it('orders only the rows with an amount, is disabled while it orders, then says so, links the order and empties the amounts', async () => {
    let answer: (() => void) | undefined;
    const server = stubServer({
      order: () => new Promise((resolve) => (answer = () => resolve(jsonResponse({ serviceProductOrderId: 4711 })))),
    });
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Etiketten adreslabel' });

    await user.type(amountBox('Etiketten adreslabel'), '2');
    await user.type(amountBox('Transportkrat'), '0');
    await user.type(amountBox('Dispenser'), '7');
    await user.click(orderButton());

    await expect.poll(() => server.requests(addServiceProductOrder.path)).toHaveLength(1);
    expect(orderButton()).toBeDisabled();
    expect(amountBox('Dispenser')).toBeDisabled();
    expect(server.requests(addServiceProductOrder.path)[0]?.body).toEqual({
      orderRows: [
        { serviceProductId: 11, amount: 2 },
        { serviceProductId: 13, amount: 7 },
      ],
    });

    answer?.();
    expect(await screen.findByText(feedback.orderSucceeded)).toBeInTheDocument();
    for (const name of ['Etiketten adreslabel', 'Transportkrat', 'Dispenser']) expect(amountBox(name)).toHaveValue('');
    expect(orderButton()).toHaveTextContent('Bestellen (0)');
    expect(orderButton()).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Bekijk bestelling 4711' }));
    expect(await screen.findByText('detail')).toBeInTheDocument();
  });

  it('keeps the amounts and says so when the order fails', async () => {
    stubServer({ order: () => problemResponse(500) });
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Transportkrat' });

    await user.type(amountBox('Transportkrat'), '4');
    await user.click(orderButton());

    expect(await screen.findByText('Uw bestelling is mislukt. Controleer de aantallen en probeer het opnieuw.')).toBeInTheDocument();
    expect(screen.queryByText(feedback.orderSucceeded)).not.toBeInTheDocument();
    expect(amountBox('Transportkrat')).toHaveValue('4');
    expect(orderButton()).toHaveTextContent('Bestellen (4)');
    expect(orderButton()).toBeEnabled();
  });

  it('shows a loading state, then the failure with a retry when the products cannot be fetched', async () => {
    let failing = true;
    stubServer({ list: () => (failing ? problemResponse(500) : jsonResponse(products)) });
    const user = userEvent.setup();
    renderOrderAdd();

    expect(screen.getByRole('status')).toHaveTextContent('Serviceproducten laden…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(feedback.orderLoadFailed);
    expect(screen.queryByRole('button', { name: /^Bestellen/ })).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Transportkrat' })).toBeInTheDocument();
  });

  it('says so when there is nothing to order', async () => {
    stubServer({ list: () => jsonResponse([]) });
    renderOrderAdd();
    expect(await screen.findByText('Er zijn op dit moment geen serviceproducten te bestellen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bestellen/ })).not.toBeInTheDocument();
  });
});
