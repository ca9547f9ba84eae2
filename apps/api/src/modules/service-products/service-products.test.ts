import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { calls, serviceProductImage, type ServiceProduct } from '@portal/contract';
import { call, createAccount, createCustomer, createTestContext } from '../../test/harness.js';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { insertServiceProducts } from './test-support.js';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#1976d2"/></svg>';

const shop = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx);
  const token = (await login(ctx, await createAccount(ctx, client, { type: 'Employee' }))).accessToken;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const ids = await insertServiceProducts(ctx, [
    { articleCode: 'SP-2', name: 'Printerrol', description: 'Thermisch, 80 mm', price: 42, imageMediaType: 'image/png', image: png, sortOrder: 20 },
    { articleCode: 'SP-1', name: 'Adresetiketten', description: 'Rol van 1.000', price: 18.5, imageMediaType: 'image/svg+xml', image: Buffer.from(svg), sortOrder: 10 },
    { articleCode: 'SP-3', name: 'Medicijnrolkar', description: 'Op maat, prijs op aanvraag', price: null, sortOrder: 30 },
    { articleCode: 'SP-OLD', name: 'Oude printerrol', description: 'Vervallen', price: 30, imageMediaType: 'image/png', image: png, isActive: false },
  ]);
  return { ctx, token, png, ids };
});

const picture = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  shop.ctx.app.inject({ method: 'GET', url: serviceProductImage.path, query, headers });

describe('ServiceProduct/GetServiceProducts', () => {
  it('answers the orderable products in the provider order, prices excluding VAT, a missing price as null', async () => {
    const res = await call(shop.ctx, calls.serviceProduct.getServiceProducts, { token: shop.token });
    expect(res.statusCode, res.body).toBe(200);
    const products = res.json<ServiceProduct[]>();
    expect(products.map((p) => p.articleCode)).toEqual(['SP-1', 'SP-2', 'SP-3']);
    expect(products[0]).toEqual({
      serviceProductId: shop.ids['SP-1'],
      articleCode: 'SP-1',
      name: 'Adresetiketten',
      description: 'Rol van 1.000',
      imageUri: expect.stringMatching(new RegExp(`^/api/portal/ServiceProduct/GetImage\\?ServiceProductId=${shop.ids['SP-1']}&v=[0-9a-f]{16}$`)),
      price: 18.5,
    });
    expect(products[1]!.price).toBe(42);
    expect(products[2]).toMatchObject({ price: null, imageUri: null });
  });

  it('needs a token', async () => {
    expect((await call(shop.ctx, calls.serviceProduct.getServiceProducts)).statusCode).toBe(401);
  });
});

describe('ServiceProduct/GetImage', () => {
  it('serves the picture without a token, typed from the table, not sniffable, cached for good under its imageUri', async () => {
    const products = (await call(shop.ctx, calls.serviceProduct.getServiceProducts, { token: shop.token })).json<ServiceProduct[]>();
    const uri = products.find((p) => p.articleCode === 'SP-2')!.imageUri!;
    const res = await shop.ctx.app.inject({ method: 'GET', url: uri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(shop.png)).toBe(true);
    const version = new URL(uri, 'http://x').searchParams.get('v');
    expect(res.headers.etag).toBe(`"${version}"`);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
  });

  it('serves an SVG as an SVG, sandboxed so that it can run nothing in the portal', async () => {
    const res = await picture({ ServiceProductId: String(shop.ids['SP-1']) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    // Without the current version in the address it is cached only briefly.
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 304 without the bytes when the client has this version', async () => {
    const first = await picture({ ServiceProductId: String(shop.ids['SP-2']) });
    const etag = String(first.headers.etag);
    const again = await picture({ serviceproductid: String(shop.ids['SP-2']) }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await picture({ ServiceProductId: String(shop.ids['SP-2']) }, { 'if-none-match': '"0000000000000000"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(shop.png)).toBe(true);
  });

  it('still serves the picture of a product no longer orderable (old orders show it)', async () => {
    const res = await picture({ ServiceProductId: String(shop.ids['SP-OLD']) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a product without picture or unknown, and 400 for an id that is none', async () => {
    expectProblem(await picture({ ServiceProductId: String(shop.ids['SP-3']) }), 404);
    expectProblem(await picture({ ServiceProductId: '999999' }), 404);
    const bad = expectProblem(await picture({ ServiceProductId: 'abc' }), 400);
    expect(bad.errors?.ServiceProductId).toBeDefined();
    expectProblem(await picture({}), 400);
    expect((await picture({})).headers['cache-control']).toBe('no-store');
  });

  it('is unchanged by the table: another type stored is served as that type', async () => {
    const jpeg = await sharp(shop.png).jpeg().toBuffer();
    await shop.ctx.database.ownerDb.execute(
      sql`update service_products set image = ${jpeg}, image_media_type = 'image/jpeg' where id = ${shop.ids['SP-OLD']}`,
    );
    const res = await picture({ ServiceProductId: String(shop.ids['SP-OLD']) });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('documents the calls of service products, their orders, staff accounts and the picture route', async () => {
    const doc = (await shop.ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const defs = [
      ...Object.values(calls.serviceProduct),
      ...Object.values(calls.serviceProductOrder),
      ...Object.values(calls.pharmacist),
      serviceProductImage,
    ];
    for (const def of defs) expect(doc.paths[def.path], def.path).toHaveProperty(def.method.toLowerCase());
  });
});
