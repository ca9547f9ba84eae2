import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { calls, type ServiceProduct, type ServiceProductOrder, type ServiceProductOrderListRow, type TableResponse } from '@portal/contract';
import { call, createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/auth-helpers.js';
import { DEMO_PASSWORD, seedDemoData } from './seed.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.database, { totpKey: ctx.totpKey, today: new Date(2026, 10, 18, 14, 30) });
  token = (await login(ctx, { emailAddress: 'assistent@apotheekdelinde.example', password: DEMO_PASSWORD })).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

describe('the demo service products', () => {
  it('are a catalogue of twelve, with article codes, Dutch descriptions, prices and one without price', async () => {
    const products = (await call(ctx, calls.serviceProduct.getServiceProducts, { token })).json<ServiceProduct[]>();
    expect(products).toHaveLength(12);
    expect(new Set(products.map((p) => p.articleCode)).size).toBe(12);
    expect(products.filter((p) => p.price === null).map((p) => p.name)).toEqual(['Medicijnkar op maat']);
    for (const p of products) {
      expect(p.articleCode).toMatch(/^SP-\d{4}$/);
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.imageUri).not.toBeNull();
    }
  });

  it('each have a picture drawn at seed time: a 256 × 256 PNG', async () => {
    const products = (await call(ctx, calls.serviceProduct.getServiceProducts, { token })).json<ServiceProduct[]>();
    for (const p of products) {
      const res = await ctx.app.inject({ method: 'GET', url: p.imageUri! });
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    }
  });

  it("give the demo customers a few orders in every status, totals matching their rows", async () => {
    const page = (await call(ctx, calls.serviceProductOrder.getServiceProductOrderTable, { body: {}, token })).json<
      TableResponse<ServiceProductOrderListRow>
    >();
    expect(page.total).toBe(5);
    expect(new Set(page.items.map((o) => o.status))).toEqual(new Set(['New', 'Processing', 'Archived']));
    for (const row of page.items) {
      const order = (
        await call(ctx, calls.serviceProductOrder.getServiceProductOrderById, {
          query: { ServiceProductOrderId: String(row.serviceProductOrderId) },
          token,
        })
      ).json<ServiceProductOrder>();
      const cents = order.orderRows.reduce((sum, r) => sum + Math.round((r.rowTotalPrice ?? 0) * 100), 0);
      expect(Math.round(order.orderTotalPrice * 100)).toBe(cents);
    }
  });
});
