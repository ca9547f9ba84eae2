import { calls, feedback, type ServiceProduct } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
const orderer = {
  firstName: 'Anouk',
  middleName: 'van',
  lastName: 'Dijk',
  emailAddress: 'anouk@apotheek.example',
  clientCode: 'APO01',
  clientName: 'Apotheek De Linde',
};

function stubServer(options: { list?: () => Response; order?: (request: StubRequest) => Response | Promise<Response> } = {}) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case getServiceProducts.path:
        return options.list?.() ?? jsonResponse(products);
      case addServiceProductOrder.path:
        return options.order?.(request) ?? jsonResponse({ serviceProductOrderId: 4711 });
      case calls.forms.getFormPostUserDetails.path:
        return jsonResponse(orderer);
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
const orderButton = () => screen.getByRole('button', { name: /^Bestelling controleren/ });
const placeButton = () => screen.getByRole('button', { name: 'Bestellen' });
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
    expect(item('Dispenser')).toHaveTextContent('Prijs excl. btwPrijs op aanvraag');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Mijn bestellingen' })).toHaveAttribute('href', '/orders');
  });

  it('takes digits only, at most 3, typed or pasted: a letter or a fourth digit does not go in (the product validation rules and limits)', async () => {
    stubServer();
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Transportkrat' });

    const box = amountBox('Transportkrat');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    await user.type(box, '12345abc');
    expect(box).toHaveValue('123');
    await user.type(box, '-,.e ');
    expect(box).toHaveValue('123');
    expect(item('Transportkrat')).not.toHaveTextContent('Vul een heel aantal');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    expect(orderButton()).toHaveTextContent('Bestelling controleren (123)');

    // A paste is never cut to fit ("1000" is not 100, "1,5" not 15): one that is not such an amount leaves the box.
    await user.clear(box);
    await user.paste('12345abc');
    expect(box).toHaveValue('');
    await user.type(box, '7');
    for (const text of ['1000', '1,5', '2a', '-3']) {
      await user.tripleClick(box);
      await user.paste(text);
      expect(box).toHaveValue('7');
    }
    await user.paste('8');
    expect(box).toHaveValue('78');
    await user.paste('99');
    expect(box).toHaveValue('78');
    // A number copied from a spreadsheet cell brings a line break along.
    await user.tripleClick(box);
    await user.paste(' 42\n');
    expect(box).toHaveValue('42');
    await user.clear(box);
    await user.type(box, '999');
    expect(orderButton()).toHaveTextContent('Bestelling controleren (999)');
    expect(orderButton()).toBeEnabled();
  });

  it('shows the row total as amount × price, a dash without a price, and counts the items on the button', async () => {
    stubServer();
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Etiketten adreslabel' });

    expect(orderButton()).toHaveTextContent('Bestelling controleren (0)');
    expect(orderButton()).toBeDisabled();
    expect(rowTotal('Etiketten adreslabel')).toHaveTextContent('€ 0,00');
    expect(rowTotal('Dispenser')).toHaveTextContent('–');

    await user.type(amountBox('Etiketten adreslabel'), '3');
    expect(rowTotal('Etiketten adreslabel')).toHaveTextContent('€ 37,50');
    await user.type(amountBox('Transportkrat'), '10');
    expect(rowTotal('Transportkrat')).toHaveTextContent('€ 12.345,60');
    await user.type(amountBox('Dispenser'), '2');
    expect(rowTotal('Dispenser')).toHaveTextContent('–');

    expect(orderButton()).toHaveTextContent('Bestelling controleren (15)');
    expect(orderButton()).toBeEnabled();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Totaal excl. btw: € 12.383,10 excl. producten met prijs op aanvraag');

    for (const name of ['Etiketten adreslabel', 'Transportkrat', 'Dispenser']) await user.clear(amountBox(name));
    await user.type(amountBox('Transportkrat'), '0');
    expect(orderButton()).toHaveTextContent('Bestelling controleren (0)');
    expect(orderButton()).toBeDisabled();
  });

  it('shows the order to check (products, amounts, prices, total, who orders), Terug keeps the amounts, and nothing is ordered before Bestellen', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    renderOrderAdd();
    await screen.findByRole('heading', { level: 2, name: 'Etiketten adreslabel' });

    await user.type(amountBox('Etiketten adreslabel'), '2');
    await user.type(amountBox('Transportkrat'), '10');
    await user.type(amountBox('Dispenser'), '7');
    await user.click(orderButton());

    const heading = await screen.findByRole('heading', { level: 2, name: 'Controleer uw bestelling' });
    expect(heading).toHaveFocus();
    expect(await screen.findByText(/Besteld door Anouk van Dijk \(anouk@apotheek.example\) namens Apotheek De Linde/)).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Te bestellen producten' });
    const rows = within(lines).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SP-001Etiketten adreslabel2€ 12,50€ 25,00');
    expect(rows[2]).toHaveTextContent('SP-002Transportkrat10€ 1.234,56€ 12.345,60');
    expect(rows[3]).toHaveTextContent('SP-003Dispenser7Prijs op aanvraag–');
    expect(within(lines).getByTestId('order-total')).toHaveTextContent('€ 12.370,60 excl. producten met prijs op aanvraag');
    expect(server.requests(addServiceProductOrder.path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Terug' }));
    expect(amountBox('Transportkrat')).toHaveValue('10');
    expect(amountBox('Dispenser')).toHaveValue('7');
    expect(server.requests(addServiceProductOrder.path)).toHaveLength(0);
  });

  it('orders only the rows with an amount after Bestellen, is busy while it orders, then says so, links the order and empties the amounts', async () => {
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
    await user.click(await screen.findByRole('button', { name: 'Bestellen' }));

    await expect.poll(() => server.requests(addServiceProductOrder.path)).toHaveLength(1);
    expect(placeButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Terug' })).toBeDisabled();
    expect(server.requests(addServiceProductOrder.path)[0]?.body).toEqual({
      orderRows: [
        { serviceProductId: 11, amount: 2 },
        { serviceProductId: 13, amount: 7 },
      ],
    });

    answer?.();
    const success = await screen.findByText(feedback.orderSucceeded);
    await waitFor(() => expect(success.closest('[role="alert"]')).toHaveFocus());
    for (const name of ['Etiketten adreslabel', 'Transportkrat', 'Dispenser']) expect(amountBox(name)).toHaveValue('');
    expect(orderButton()).toHaveTextContent('Bestelling controleren (0)');
    expect(orderButton()).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Bekijk bestelling 4711' }));
    expect(await screen.findByText('detail')).toBeInTheDocument();
  });

  it('shows a loading state, then the failure with a retry when the products cannot be fetched', async () => {
    let failing = true;
    stubServer({ list: () => (failing ? problemResponse(500) : jsonResponse(products)) });
    const user = userEvent.setup();
    renderOrderAdd();

    expect(screen.getByRole('status')).toHaveTextContent('Serviceproducten laden…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(feedback.orderLoadFailed);
    expect(screen.queryByRole('button', { name: /^Bestelling controleren/ })).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Transportkrat' })).toBeInTheDocument();
  });

  it('says so when there is nothing to order', async () => {
    stubServer({ list: () => jsonResponse([]) });
    renderOrderAdd();
    expect(await screen.findByText('Er zijn op dit moment geen serviceproducten te bestellen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bestelling controleren/ })).not.toBeInTheDocument();
  });
});
