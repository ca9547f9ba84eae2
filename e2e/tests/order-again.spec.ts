import { calls, type ServiceProduct, type ServiceProductOrder } from '@portal/contract';
import type { Page } from '@playwright/test';
import type { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

const amountBox = (page: Page, product: ServiceProduct) =>
  page.getByRole('listitem', { name: product.name, exact: true }).getByRole('textbox', { name: `Aantal ${product.name}`, exact: true });

async function orderVia(api: PortalApi, page: Page, rows: { serviceProductId: number; amount: number }[]): Promise<number> {
  const response = await page.request.post(calls.serviceProductOrder.addServiceProductOrder.path, {
    headers: { authorization: `Bearer ${api.accessToken}` },
    data: { orderRows: rows },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { serviceProductOrderId: number }).serviceProductOrderId;
}

test.describe('Opnieuw bestellen', () => {
  test('an order’s detail fills Nieuwe bestelling with its products and amounts, leaves out a withdrawn one, and orders', async ({ page, customerLogin: { api } }, testInfo) => {
    const catalogue = await api.get(calls.serviceProduct.getServiceProducts);
    const [first, second, withdrawn] = catalogue.filter((p) => p.price !== null) as [ServiceProduct, ServiceProduct, ServiceProduct];
    expect(withdrawn).toBeDefined();
    const orderId = await orderVia(api, page, [
      { serviceProductId: first.serviceProductId, amount: 2 },
      { serviceProductId: withdrawn.serviceProductId, amount: 1 },
      { serviceProductId: second.serviceProductId, amount: 3 },
    ]);
    // The catalogue is shared by every test of the run: this browser alone sees the third product withdrawn.
    await page.route(`**${calls.serviceProduct.getServiceProducts.path}`, async (route) => {
      const answer = await route.fetch();
      const products = ((await answer.json()) as ServiceProduct[]).filter((p) => p.serviceProductId !== withdrawn.serviceProductId);
      await route.fulfill({ response: answer, json: products });
    });

    await page.goto(`/orders/${orderId}`);
    await expectScreen(page, 'Bestelling');
    await expect(page.getByRole('link', { name: 'Opnieuw bestellen' })).toBeVisible();
    await saveScreen(page, testInfo, 'order-again-detail');
    await expectNoSeriousA11yViolations(page, '/orders/:id with Opnieuw bestellen');
    await page.getByRole('link', { name: 'Opnieuw bestellen' }).click();
    await expect(page).toHaveURL(`/orders-add?opnieuw=${orderId}`);
    await expectScreen(page, 'Nieuwe bestelling');
    const notice = page.getByRole('alert', { name: `Opnieuw bestellen: bestelling ${orderId}` });
    await expect(notice).toContainText(`Ingevuld vanuit bestelling ${orderId}`);
    await expect(notice.getByRole('list', { name: 'Weggelaten producten' })).toHaveText(`${withdrawn.name} (${withdrawn.articleCode})`);
    await expect(amountBox(page, first)).toHaveValue('2');
    await expect(amountBox(page, second)).toHaveValue('3');
    await expect(page.getByRole('button', { name: 'Bestelling controleren (5)' })).toBeEnabled();
    await saveScreen(page, testInfo, 'order-again-filled');
    await expectNoSeriousA11yViolations(page, '/orders-add filled from an order');

    await test.step('at phone width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(amountBox(page, first)).toHaveValue('2');
      expect(await horizontalOverflow(page), 'the filled form fits a phone').toBeLessThanOrEqual(0);
      await saveScreen(page, testInfo, 'phone-order-again-filled');
      await expectNoSeriousA11yViolations(page, '/orders-add filled from an order at phone width');
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    await page.getByRole('button', { name: 'Bestelling controleren (5)' }).click();
    await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
    await expect(page.getByText('Uw bestelling is gelukt.')).toBeVisible();
    await expect(page).toHaveURL('/orders-add');
    const link = page.getByRole('link', { name: /^Bekijk bestelling \d+$/ });
    const newId = Number((await link.textContent())?.replace(/\D/g, ''));
    expect(newId).toBeGreaterThan(orderId);

    const answer = await page.request.get(calls.serviceProductOrder.getServiceProductOrderById.path, {
      headers: { authorization: `Bearer ${api.accessToken}` },
      params: { ServiceProductOrderId: newId },
    });
    const placed = (await answer.json()) as ServiceProductOrder;
    expect(placed.orderRows.map(({ serviceProductId, amount, price }) => ({ serviceProductId, amount, price }))).toEqual([
      { serviceProductId: first.serviceProductId, amount: 2, price: first.price },
      { serviceProductId: second.serviceProductId, amount: 3, price: second.price },
    ] satisfies Partial<ServiceProductOrder['orderRows'][number]>[]);
  });
});
