import { calls, serviceOrderReference, type ServiceProduct, type ServiceProductOrder } from '@portal/contract';
import type { Page } from '@playwright/test';
import type { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { horizontalOverflow } from '../support/customers.js';
import { waitForMail } from '../support/mail.js';
import { saveScreen } from '../support/screens.js';
import { dutchEuro, squash } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

const productItem = (page: Page, product: ServiceProduct) => page.getByRole('listitem', { name: product.name, exact: true });
const amountBox = (page: Page, product: ServiceProduct) =>
  productItem(page, product).getByRole('textbox', { name: `Aantal ${product.name}`, exact: true });
const orderButton = (page: Page) => page.getByRole('button', { name: /^Bestelling controleren \(\d+\)$/ });

async function orderVia(api: PortalApi, page: Page, rows: { serviceProductId: number; amount: number }[]): Promise<number> {
  const response = await page.request.post(calls.serviceProductOrder.addServiceProductOrder.path, {
    headers: { authorization: `Bearer ${api.accessToken}` },
    data: { orderRows: rows },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { serviceProductOrderId: number }).serviceProductOrderId;
}

test.describe('Serviceproducten en bestellingen', () => {
  test('orders two products, finds the order in the list and its detail, and receives the confirmation mail', async ({ page, customer, customerLogin: { api } }, testInfo) => {
    const catalogue = await api.get(calls.serviceProduct.getServiceProducts);
    // Two products with a price and a picture (every demo product has one; one has no price).
    const [first, second] = catalogue.filter((p) => p.price !== null && p.imageUri !== null) as [ServiceProduct, ServiceProduct];
    expect(second).toBeDefined();
    const orderer = `${customer.administrator.firstName} ${customer.administrator.lastName}`;

    await test.step('no orders yet', async () => {
      await page.goto('/orders');
      await expectScreen(page, 'Bestellingen');
      await expect(page.getByText('U heeft nog geen serviceproducten besteld.')).toBeVisible();
      await saveScreen(page, testInfo, 'orders-empty');
      await expectNoSeriousA11yViolations(page, '/orders without orders');
    });

    await test.step('the catalogue from the menu', async () => {
      await sideMenu(page).getByRole('link', { name: 'Serviceproducten' }).click();
      await expect(page).toHaveURL('/orders-add');
      await expectScreen(page, 'Nieuwe bestelling');
      await expect(page.getByRole('list', { name: 'Serviceproducten' }).getByRole('listitem')).toHaveCount(catalogue.length);
      const item = productItem(page, first);
      await expect(item).toContainText(first.articleCode);
      await expect(item).toContainText(first.description);
      expect(squash(await item.textContent() ?? '')).toContain(squash(`Prijs excl. btw${dutchEuro(first.price!)}`));
      const image = item.getByRole('img', { name: `Afbeelding van ${first.name}` });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(orderButton(page)).toHaveText('Bestelling controleren (0)');
      await expect(orderButton(page)).toBeDisabled();
    });

    let orderId = 0;
    await test.step('order two products', async () => {
      // Digits only, at most 3 (the product's validation rules and constants and limits): a letter or a fourth digit does not go in.
      await amountBox(page, first).pressSequentially('2x');
      await expect(amountBox(page, first)).toHaveValue('2');
      await amountBox(page, second).pressSequentially('3456');
      await expect(amountBox(page, second)).toHaveValue('345');
      await expect(orderButton(page)).toHaveText('Bestelling controleren (347)');
      await amountBox(page, second).fill('3');
      await expect(productItem(page, first)).not.toContainText('Vul een heel aantal');
      await expect(orderButton(page)).toHaveText('Bestelling controleren (5)');
      await expect(productItem(page, first).getByTestId('row-total')).toHaveText(dutchEuro(2 * first.price!));
      await saveScreen(page, testInfo, 'orders-add-filled');
      await expectNoSeriousA11yViolations(page, '/orders-add with amounts');

      await orderButton(page).click();
      await expect(page.getByRole('heading', { name: 'Controleer uw bestelling' })).toBeFocused();
      const review = page.getByRole('table', { name: 'Te bestellen producten' });
      await expect(review.getByRole('row')).toHaveCount(4);
      await expect(review.getByTestId('order-total')).toHaveText(dutchEuro(2 * first.price! + 3 * second.price!));
      await expect(page.getByText(`Besteld door ${orderer}`)).toBeVisible();
      await saveScreen(page, testInfo, 'orders-add-review');
      await expectNoSeriousA11yViolations(page, '/orders-add review');
      await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
      await expect(page.getByText('Uw bestelling is gelukt.')).toBeVisible();
      await expect(amountBox(page, first)).toHaveValue('');
      await expect(amountBox(page, second)).toHaveValue('');
      await expect(orderButton(page)).toHaveText('Bestelling controleren (0)');
      await expect(orderButton(page)).toBeDisabled();
      const link = page.getByRole('link', { name: /^Bekijk bestelling \d+$/ });
      orderId = Number((await link.textContent())?.replace(/\D/g, ''));
      expect(orderId).toBeGreaterThan(0);
      await saveScreen(page, testInfo, 'orders-add-succeeded');
    });

    await test.step('the confirmation mail from the real SMTP server', async () => {
      const mail = await waitForMail({ to: customer.administrator.email, subject: `Bevestiging van uw bestelling ${serviceOrderReference(orderId, new Date())} bij Mijn Spits` });
      expect(mail.text).toContain(first.name);
      expect(mail.text).toContain(second.name);
      expect(mail.text).toContain(`Bestelnummer: ${orderId}`);
    });

    const expectedTotal = Math.round((2 * first.price! + 3 * second.price!) * 100) / 100;
    await test.step('the order in the list, opened by a click on its row', async () => {
      await page.getByRole('link', { name: 'Mijn bestellingen' }).click();
      await expectScreen(page, 'Bestellingen');
      const row = page.getByRole('table', { name: 'Bestellingen' }).getByRole('row').filter({ hasText: orderer });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell').first()).toHaveText(String(orderId));
      await expect(row).toContainText('Nieuw');
      await saveScreen(page, testInfo, 'orders-filled');
      await expectNoSeriousA11yViolations(page, '/orders with an order');
      await row.getByRole('cell', { name: orderer }).click();
      await expect(page).toHaveURL(`/orders/${orderId}`);
    });

    await test.step('the order detail', async () => {
      await expectScreen(page, 'Bestelling');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${orderId}`);
      const answer = await page.request.get(calls.serviceProductOrder.getServiceProductOrderById.path, {
        headers: { authorization: `Bearer ${api.accessToken}` },
        params: { ServiceProductOrderId: orderId },
      });
      const detail = (await answer.json()) as ServiceProductOrder;
      expect(detail.orderTotalPrice).toBe(expectedTotal);
      const main = page.getByRole('main');
      await expect(main).toContainText(customer.administrator.email);
      await expect(main).toContainText(orderer);
      const lines = page.getByRole('table', { name: 'Bestelde producten' }).getByRole('row');
      await expect(lines).toHaveCount(4);
      for (const [product, amount] of [[first, 2], [second, 3]] as const) {
        const line = lines.filter({ hasText: product.name });
        const cells = (await line.getByRole('cell').allTextContents()).map(squash);
        expect(cells).toEqual([
          product.articleCode,
          product.name,
          String(amount),
          squash(dutchEuro(product.price!)),
          squash(dutchEuro(Math.round(amount * product.price! * 100) / 100)),
        ]);
      }
      await expect(page.getByTestId('order-total')).toHaveText(dutchEuro(expectedTotal));
      await saveScreen(page, testInfo, 'order-detail');
      await expectNoSeriousA11yViolations(page, `/orders/${orderId}`);
      await page.getByRole('link', { name: 'Terug naar bestellingen' }).click();
      await expect(page).toHaveURL('/orders');
    });

    await test.step('at phone width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [url, name] of [['/orders-add', 'orders-add'], ['/orders', 'orders'], [`/orders/${orderId}`, 'order-detail']] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'laden' })).toHaveCount(0);
        expect(await horizontalOverflow(page), `${url} fits a phone`).toBeLessThanOrEqual(0);
        await saveScreen(page, testInfo, `phone-${name}`);
        await expectNoSeriousA11yViolations(page, `${url} at phone width`);
      }
      await page.getByRole('link', { name: 'Terug naar bestellingen' }).click();
      await page.getByRole('link', { name: new RegExp(`^Bestelling ${orderId}`) }).click();
      await expect(page).toHaveURL(`/orders/${orderId}`);
    });
  });

  test('shows 5 orders per page of the 30 fetched, and reaches the older ones', async ({ page, customerLogin: { api } }, testInfo) => {
    const [product] = await api.get(calls.serviceProduct.getServiceProducts);
    const ids: number[] = [];
    for (let n = 0; n < 32; n += 1) ids.push(await orderVia(api, page, [{ serviceProductId: product!.serviceProductId, amount: 1 + (n % 3) }]));
    const newestFirst = ids.toReversed();

    const tableRequests: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(calls.serviceProductOrder.getServiceProductOrderTable.path)) tableRequests.push(r.postDataJSON());
    });
    await page.goto('/orders');
    const firstCells = page.getByRole('table', { name: 'Bestellingen' }).getByRole('row').locator('td:first-child');
    await expect(firstCells).toHaveText(newestFirst.slice(0, 5).map(String));
    await expect(page.getByText('1–5 van 32')).toBeVisible();
    expect(tableRequests).toEqual([{ sortBy: 'serviceProductOrderId', descending: true, page: 1, rowsPerPage: 30, search: '' }]);

    await page.getByRole('button', { name: 'Ga naar volgende pagina' }).click();
    await expect(firstCells).toHaveText(newestFirst.slice(5, 10).map(String));
    await page.getByRole('button', { name: 'Ga naar laatste pagina' }).click();
    await expect(firstCells).toHaveText(newestFirst.slice(30).map(String));
    await expect(page.getByText('31–32 van 32')).toBeVisible();
    expect(tableRequests).toHaveLength(2);
    expect(tableRequests[1]).toMatchObject({ page: 2, rowsPerPage: 30 });
    await saveScreen(page, testInfo, 'orders-last-page');

    // Keyboard: the order number is a link in the row.
    await page.getByRole('link', { name: `Bestelling ${newestFirst[31]} openen` }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/orders/${newestFirst[31]}`);
  });

  test.describe('states', () => {
    test.use({ expectedApiStatuses: [404, 500] });

    test('loading, failure and an unknown order', async ({ page, customerLogin: _ }, testInfo) => {

      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${calls.serviceProduct.getServiceProducts.path}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/orders-add');
      await expect(page.getByText('Serviceproducten laden…')).toBeVisible();
      await saveScreen(page, testInfo, 'orders-add-loading');
      release();
      await expect(orderButton(page)).toBeVisible();
      await page.unroute(`**${calls.serviceProduct.getServiceProducts.path}`);

      let releaseList = () => {};
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      const tablePath = `**${calls.serviceProductOrder.getServiceProductOrderTable.path}`;
      await page.route(tablePath, async (route) => {
        await listHeld;
        await route.continue();
      });
      await page.goto('/orders');
      await expect(page.getByRole('table', { name: 'Bestellingen' })).toHaveAttribute('aria-busy', 'true');
      await saveScreen(page, testInfo, 'orders-loading');
      releaseList();
      await expect(page.getByText('U heeft nog geen serviceproducten besteld.')).toBeVisible();
      await page.unroute(tablePath);

      await page.route(`**${calls.serviceProduct.getServiceProducts.path}`, (route) =>
        route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Fout', status: 500 }) }),
      );
      await page.goto('/orders-add');
      await expect(page.getByRole('alert')).toContainText('Data ophalen mislukt', { timeout: 20_000 });
      await saveScreen(page, testInfo, 'orders-add-error');
      await expectNoSeriousA11yViolations(page, '/orders-add failing');

      for (const call of [calls.serviceProductOrder.getServiceProductOrderTable, calls.serviceProductOrder.getServiceProductOrderById]) {
        await page.route(`**${call.path}*`, (route) =>
          route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Fout', status: 500 }) }),
        );
      }
      await page.goto('/orders');
      await expect(page.getByRole('alert')).toHaveText(/^Data ophalen mislukt/, { timeout: 20_000 });
      await saveScreen(page, testInfo, 'orders-error');
      await page.goto('/orders/1');
      await expect(page.getByRole('alert')).toHaveText(/^Data ophalen mislukt/, { timeout: 20_000 });
      await saveScreen(page, testInfo, 'order-detail-error');
      await page.unrouteAll();

      // Another customer's order, or none at all: the same not-found state.
      await page.goto('/orders/1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestelling niet gevonden');
      await saveScreen(page, testInfo, 'order-detail-not-found');
      await expectNoSeriousA11yViolations(page, '/orders/1 of another customer');
    });
  });
});
