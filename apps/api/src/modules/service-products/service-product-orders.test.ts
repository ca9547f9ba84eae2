import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, serviceOrderReference, validation, type ServiceProductOrder } from '@portal/contract';
import {
  auditRows,
  call,
  createAccount,
  createCustomer,
  createTestContext,
  mailsTo,
} from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { insertServiceProducts } from './test-support.js';

const SERVICE = 'service@portal.test';

const shop = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const orderer = await createAccount(ctx, client, { type: 'Employee', firstName: 'Thomas' });
  const token = (await login(ctx, orderer)).accessToken;
  const otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
  const ids = await insertServiceProducts(ctx, [
    { articleCode: 'SP-1001', name: 'Adresetiketten', description: 'Rol van 1.000', price: 18.5 },
    { articleCode: 'SP-1002', name: 'Printerrol', description: '80 mm', price: 0.1 },
    { articleCode: 'SP-1003', name: 'Sealtape', description: '50 mm', price: 19.99 },
    { articleCode: 'SP-1004', name: 'Medicijnrolkar', description: 'Op maat', price: null },
    { articleCode: 'SP-0999', name: 'Oude rol', description: 'Vervallen', price: 5, isActive: false },
  ]);
  return { ctx, client, other, orderer, token, otherToken, ids };
});

const order = (body: unknown, bearer = shop.token) => call(shop.ctx, calls.serviceProductOrder.addServiceProductOrder, { body, token: bearer });
const byId = (id: number | string, bearer = shop.token) =>
  call(shop.ctx, calls.serviceProductOrder.getServiceProductOrderById, { query: { ServiceProductOrderId: String(id) }, token: bearer });
const orderCount = async () =>
  Number((await shop.ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from service_product_orders`)).rows[0]!.n);

describe('ServiceProductOrder/AddServiceProductOrder', () => {
  it('takes prices from the catalogue, never from the request, and totals them in exact cents', async () => {
    const res = await order({
      orderRows: [
        { serviceProductId: shop.ids['SP-1002'], amount: 3, price: 0.01, rowTotalPrice: 0.03 },
        { serviceProductId: shop.ids['SP-1003'], amount: 7, price: 0, rowTotalPrice: 0 },
        { serviceProductId: shop.ids['SP-1004'], amount: 1, price: 1 },
        { serviceProductId: shop.ids['SP-1001'], amount: 999 },
      ],
      orderTotalPrice: 0.04,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { serviceProductOrderId } = res.json<{ serviceProductOrderId: number }>();

    const detail = await byId(serviceProductOrderId);
    expect(detail.statusCode, detail.body).toBe(200);
    const answered = detail.json<ServiceProductOrder>();
    expect(answered).toEqual({
      serviceProductOrderId,
      requesterName: 'Thomas Pieters',
      requesterEmail: shop.orderer.emailAddress,
      status: 'New',
      createdByPharmacistAccountId: shop.orderer.id,
      createdByPharmacistEmailAddress: shop.orderer.emailAddress,
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // 0.30 + 139.93 + 18481.50; 0.1 × 3 in floating point would be 0.30000000000000004
      orderTotalPrice: 18621.73,
      orderRows: [
        { serviceProductId: shop.ids['SP-1002'], serviceProductArticleCode: 'SP-1002', serviceProductName: 'Printerrol', amount: 3, price: 0.1, rowTotalPrice: 0.3 },
        { serviceProductId: shop.ids['SP-1003'], serviceProductArticleCode: 'SP-1003', serviceProductName: 'Sealtape', amount: 7, price: 19.99, rowTotalPrice: 139.93 },
        { serviceProductId: shop.ids['SP-1004'], serviceProductArticleCode: 'SP-1004', serviceProductName: 'Medicijnrolkar', amount: 1, price: null, rowTotalPrice: null },
        { serviceProductId: shop.ids['SP-1001'], serviceProductArticleCode: 'SP-1001', serviceProductName: 'Adresetiketten', amount: 999, price: 18.5, rowTotalPrice: 18481.5 },
      ],
    });

    const stored = await shop.ctx.database.ownerDb.execute<{ total_price: string; prices: string[]; totals: (string | null)[] }>(sql`
      select o.total_price::text, array_agg(r.price::text order by r.line_no) as prices,
             array_agg(r.row_total_price::text order by r.line_no) as totals
      from service_product_orders o join service_product_order_rows r on r.client_id = o.client_id and r.order_id = o.id
      where o.id = ${serviceProductOrderId} group by o.total_price`);
    expect(stored.rows[0]).toEqual({
      total_price: '18621.73',
      prices: ['0.10', '19.99', null, '18.50'],
      totals: ['0.30', '139.93', null, '18481.50'],
    });
  });

  it('keeps the price of the moment of ordering when the catalogue changes later', async () => {
    const res = await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 2 }] });
    const { serviceProductOrderId } = res.json<{ serviceProductOrderId: number }>();
    await shop.ctx.database.ownerDb.execute(sql`update service_products set price = 99.99, name = 'Etiketten nieuw' where id = ${shop.ids['SP-1001']}`);
    try {
      const answered = (await byId(serviceProductOrderId)).json<ServiceProductOrder>();
      expect(answered.orderRows[0]).toMatchObject({ serviceProductName: 'Adresetiketten', price: 18.5, rowTotalPrice: 37 });
      expect(answered.orderTotalPrice).toBe(37);
    } finally {
      await shop.ctx.database.ownerDb.execute(sql`update service_products set price = 18.5, name = 'Adresetiketten' where id = ${shop.ids['SP-1001']}`);
    }
  });

  it('mails a Dutch confirmation to the orderer and a notification to the provider, in the same transaction', async () => {
    const before = { own: (await mailsTo(shop.ctx, shop.orderer.emailAddress)).length, service: (await mailsTo(shop.ctx, SERVICE)).length };
    const res = await order({
      orderRows: [
        { serviceProductId: shop.ids['SP-1001'], amount: 100 },
        { serviceProductId: shop.ids['SP-1004'], amount: 2 },
      ],
    });
    const { serviceProductOrderId: id } = res.json<{ serviceProductOrderId: number }>();
    const reference = serviceOrderReference(id, new Date());
    const own = await mailsTo(shop.ctx, shop.orderer.emailAddress);
    expect(own).toHaveLength(before.own + 1);
    const confirmation = own.at(-1)!;
    expect(confirmation.subject).toBe(`Bevestiging van uw bestelling ${reference} bij Mijn Spits`);
    expect(reference).toMatch(/^BST-\d{4}-\d{6,}$/);
    expect(confirmation.textBody).toContain('Beste Thomas,');
    expect(confirmation.textBody).toContain(`Bestelnummer: ${id}`);
    expect(confirmation.textBody).toContain(`Referentie: ${reference}`);
    expect(confirmation.textBody).toContain('- 100 × Adresetiketten (artikel SP-1001) à € 18,50 = € 1.850,00');
    expect(confirmation.textBody).toContain('- 2 × Medicijnrolkar (artikel SP-1004), prijs op aanvraag');
    expect(confirmation.textBody).toContain('Totaal exclusief btw: € 1.850,00');
    expect(confirmation.htmlBody).toContain('€ 1.850,00');

    const service = await mailsTo(shop.ctx, SERVICE);
    expect(service).toHaveLength(before.service + 1);
    const notification = service.at(-1)!;
    expect(notification.subject).toBe(`Bestelling serviceproducten ${reference} van Apotheek De Linde (${shop.client.clientCode}) via Mijn Spits`);
    expect(notification.textBody).toContain(`Besteld door: Thomas Pieters <${shop.orderer.emailAddress}>`);
    expect(notification.textBody).toContain(`Referentie: ${reference}`);
    expect(notification.textBody).toContain(`Openen in Mijn Spits Beheer: http://portal.test/beheer/inbox/bestelling/${id}`);
    expect(notification.textBody).toContain('Totaal exclusief btw: € 1.850,00');

    const audit = (await auditRows(shop.ctx, 'ServiceProductOrderAdd')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', account_id: shop.orderer.id, client_id: shop.client.id });
  });

  it.each([
    [0, validation.tooSmall(1)],
    [-1, validation.tooSmall(1)],
    [1000, validation.tooLarge(999)],
    [1.5, validation.invalidValue],
    ['abc', validation.invalidValue],
    ['5', validation.invalidValue],
    [null, validation.invalidValue],
  ])('refuses amount %j on the row amount field (%s), storing and mailing nothing', async (amount, message) => {
    const before = { orders: await orderCount(), service: (await mailsTo(shop.ctx, SERVICE)).length };
    const res = await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 1 }, { serviceProductId: shop.ids['SP-1002'], amount }] });
    expectFieldErrors(res, 'orderRows.1.amount', [message]);
    expect(await orderCount()).toBe(before.orders);
    expect(await mailsTo(shop.ctx, SERVICE)).toHaveLength(before.service);
  });

  it('refuses a product that is unknown or no longer orderable on its row', async () => {
    const before = await orderCount();
    const res = await order({
      orderRows: [
        { serviceProductId: shop.ids['SP-1001'], amount: 1 },
        { serviceProductId: shop.ids['SP-0999'], amount: 1 },
        { serviceProductId: 2_000_000, amount: 1 },
      ],
    });
    const problem = expectProblem(res, 400, validation.serviceProductUnavailable);
    expect(problem.errors).toEqual({
      'orderRows.1.serviceProductId': [validation.serviceProductUnavailable],
      'orderRows.2.serviceProductId': [validation.serviceProductUnavailable],
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses an order without rows, a product twice, and unknown fields', async () => {
    expectFieldErrors(await order({ orderRows: [] }), 'orderRows', [validation.required]);
    expectFieldErrors(await order({}), 'orderRows', [validation.required]);
    expectFieldErrors(
      await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 1 }, { serviceProductId: shop.ids['SP-1001'], amount: 2 }] }),
      'orderRows.1.serviceProductId',
      [validation.invalidValue],
    );
    expectFieldErrors(await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 1, discount: 50 }] }), 'orderRows.0.discount', [
      validation.unknownField,
    ]);
    expectFieldErrors(await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 1 }], customerId: shop.other.id }), 'customerId', [
      validation.unknownField,
    ]);
    expectFieldErrors(await order({ orderRows: [{ amount: 1 }] }), 'orderRows.0.serviceProductId', [validation.invalidValue]);
  });

  it('needs a token', async () => {
    expect((await call(shop.ctx, calls.serviceProductOrder.addServiceProductOrder, { body: { orderRows: [] } })).statusCode).toBe(401);
  });
});

describe('ServiceProductOrder/GetServiceProductOrderById', () => {
  it("answers 404 for another customer's order, and for an unknown one", async () => {
    const mine = (await order({ orderRows: [{ serviceProductId: shop.ids['SP-1001'], amount: 1 }] })).json<{ serviceProductOrderId: number }>();
    expect((await byId(mine.serviceProductOrderId)).statusCode).toBe(200);
    expectProblem(await byId(mine.serviceProductOrderId, shop.otherToken), 404);
    expectProblem(await byId(2_000_000), 404);
    expectFieldErrors(await byId('abc'), 'ServiceProductOrderId', [validation.invalidValue]);
  });
});
