import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, validation, type ServiceProduct, type ServiceProductOrder } from '@portal/contract';
import { serviceProducts } from '../../db/schema.js';
import { call, createAccount, createCustomer, createTestContext } from '../../test/harness.js';
import { expectFieldErrors, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { insertServiceProducts } from './test-support.js';

/*
 * "Opnieuw bestellen" (issue 14) is put together by the web app from two answers of the spec's calls: the old
 * order's lines (GetServiceProductOrderById) and what can be ordered now (GetServiceProducts). These tests hold
 * what it relies on when a product has been withdrawn since the order.
 */
const shop = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const token = (await login(ctx, await createAccount(ctx, client, { type: 'Employee' }))).accessToken;
  const ids = await insertServiceProducts(ctx, [
    { articleCode: 'SP-2001', name: 'Adresetiketten', description: 'Rol van 1.000', price: 18.5 },
    { articleCode: 'SP-2002', name: 'Dispenser', description: 'Wandmodel', price: 42 },
  ]);
  return { ctx, token, ids };
});

const order = (orderRows: { serviceProductId: number; amount: number }[]) =>
  call(shop.ctx, calls.serviceProductOrder.addServiceProductOrder, { body: { orderRows }, token: shop.token });
const orderById = async (id: number) =>
  (await call(shop.ctx, calls.serviceProductOrder.getServiceProductOrderById, { query: { ServiceProductOrderId: String(id) }, token: shop.token })).json<ServiceProductOrder>();
const orderable = async () => (await call(shop.ctx, calls.serviceProduct.getServiceProducts, { token: shop.token })).json<ServiceProduct[]>();

describe('ordering again an order with a product since withdrawn', () => {
  it('keeps the old lines, leaves the product out of the catalogue, refuses it in a new order and prices the rest anew', async () => {
    const labels = shop.ids['SP-2001']!;
    const dispenser = shop.ids['SP-2002']!;
    const first = await order([
      { serviceProductId: labels, amount: 3 },
      { serviceProductId: dispenser, amount: 2 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const { serviceProductOrderId } = first.json<{ serviceProductOrderId: number }>();

    // The provider withdraws the dispenser and raises the price of the labels.
    await shop.ctx.database.ownerDb.update(serviceProducts).set({ isActive: false }).where(eq(serviceProducts.id, dispenser));
    await shop.ctx.database.ownerDb.update(serviceProducts).set({ price: 19.25 }).where(eq(serviceProducts.id, labels));

    const old = await orderById(serviceProductOrderId);
    expect(old.orderRows.map(({ serviceProductId, serviceProductName, amount, price }) => ({ serviceProductId, serviceProductName, amount, price }))).toEqual([
      { serviceProductId: labels, serviceProductName: 'Adresetiketten', amount: 3, price: 18.5 },
      { serviceProductId: dispenser, serviceProductName: 'Dispenser', amount: 2, price: 42 },
    ]);
    expect((await orderable()).map((p) => p.serviceProductId)).toEqual([labels]);

    const withWithdrawn = await order(old.orderRows.map(({ serviceProductId, amount }) => ({ serviceProductId, amount })));
    expectFieldErrors(withWithdrawn, 'orderRows.1.serviceProductId', [validation.serviceProductUnavailable]);

    const again = await order([{ serviceProductId: labels, amount: 3 }]);
    expect(again.statusCode, again.body).toBe(200);
    const placed = await orderById(again.json<{ serviceProductOrderId: number }>().serviceProductOrderId);
    expect(placed.orderRows).toEqual([
      { serviceProductId: labels, serviceProductArticleCode: 'SP-2001', serviceProductName: 'Adresetiketten', amount: 3, price: 19.25, rowTotalPrice: 57.75 },
    ]);
    expect(placed.orderTotalPrice).toBe(57.75);
    // The old order keeps its own prices.
    expect((await orderById(serviceProductOrderId)).orderTotalPrice).toBe(139.5);
  });
});
