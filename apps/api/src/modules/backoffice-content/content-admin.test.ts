import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { backofficeContentCalls as content, calls, contentText, type CatalogueItem, type FaqAdminItem, type MemoItem } from '@portal/contract';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { staffToken } from '../backoffice/test-support.js';

let ctx: TestContext;
let token: string;
let anker: TestCustomer;
let linde: TestCustomer;
let ankerToken: string;
let lindeToken: string;

const amsterdamDay = (offset: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  ctx = await createTestContext();
  token = await staffToken(ctx, 'Klantenservice');
  anker = await createCustomer(ctx, 'Apotheek Het Anker');
  linde = await createCustomer(ctx, 'Apotheek De Linde');
  ankerToken = (await login(ctx, await createAccount(ctx, anker))).accessToken;
  lindeToken = (await login(ctx, await createAccount(ctx, linde))).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const ok = async <T>(res: { statusCode: number; body: string; json: <U>() => U }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? (undefined as T) : res.json<T>();
};
const memoTitles = async (customerToken: string) =>
  (await ok<{ title: string }[]>(await call(ctx, calls.memo.getActiveMemos, { token: customerToken }))).map((m) => m.title);

describe('content in the back-office', () => {
  it('is for Beheerder and Klantenservice: Kwaliteit gets 403, a customer 401', async () => {
    expect((await call(ctx, content.getMemos, { token: await staffToken(ctx, 'Kwaliteit') })).statusCode).toBe(403);
    expect((await call(ctx, content.getMemos, { token: ankerToken })).statusCode).toBe(401);
    expect((await call(ctx, content.getMemos, { token: await staffToken(ctx, 'Beheerder') })).statusCode).toBe(200);
  });

  it('shows a memo only within its period and only to the customers it is addressed to', async () => {
    const save = (body: Record<string, unknown>) => call(ctx, content.saveMemo, { token, body });
    await ok(await save({ title: 'Voor Het Anker', text: '<p>Alleen <em>jullie</em></p><script>x()</script>', activeFrom: amsterdamDay(0), customerIds: [anker.id] }));
    await ok(await save({ title: 'Voor iedereen', text: 'Alle klanten', activeFrom: amsterdamDay(-3), activeUntil: amsterdamDay(0) }));
    await ok(await save({ title: 'Volgende week', text: 'Later', activeFrom: amsterdamDay(7) }));
    await ok(await save({ title: 'Voorbij', text: 'Eerder', activeFrom: amsterdamDay(-10), activeUntil: amsterdamDay(-1) }));
    expect((await memoTitles(ankerToken)).sort()).toEqual(['Voor Het Anker', 'Voor iedereen']);
    expect(await memoTitles(lindeToken)).toEqual(['Voor iedereen']);

    const list = await ok<MemoItem[]>(await call(ctx, content.getMemos, { token }));
    const addressed = list.find((m) => m.title === 'Voor Het Anker')!;
    expect(addressed).toMatchObject({ text: '<p>Alleen <em>jullie</em></p>', customerIds: [anker.id], shownNow: true, activeFrom: amsterdamDay(0) });
    expect(list.find((m) => m.title === 'Volgende week')?.shownNow).toBe(false);

    await ok(await save({ id: addressed.id, title: 'Voor De Linde', text: 'Nu voor jullie', activeFrom: amsterdamDay(0), customerIds: [linde.id] }));
    expect(await memoTitles(ankerToken)).toEqual(['Voor iedereen']);
    expect((await memoTitles(lindeToken)).sort()).toEqual(['Voor De Linde', 'Voor iedereen']);
  });

  it('refuses a period that ends before it starts, and an unknown customer, in Dutch', async () => {
    const backwards = await call(ctx, content.saveMemo, { token, body: { title: 'x', text: 'y', activeFrom: amsterdamDay(2), activeUntil: amsterdamDay(1) } });
    expect(expectProblem(backwards, 400).errors?.activeUntil).toEqual([contentText.untilBeforeFrom]);
    const unknown = await call(ctx, content.saveMemo, {
      token,
      body: { title: 'x', text: 'y', activeFrom: amsterdamDay(0), customerIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(expectProblem(unknown, 400).errors?.customerIds).toEqual([contentText.unknownCustomer]);
  });

  it('refuses a memo for chosen customers without one (it was saved for every customer), and stores nothing', async () => {
    const before = await call(ctx, content.getMemos, { token });
    const none = await call(ctx, content.saveMemo, { token, body: { title: 'Voor niemand', text: 'y', activeFrom: amsterdamDay(0), customerIds: [] } });
    expect(expectProblem(none, 400).errors?.customerIds).toEqual([contentText.customersRequired]);
    expect((await call(ctx, content.getMemos, { token })).json()).toEqual(before.json());
  });

  it('keeps FAQ drafts from customers, and the order the staff chose', async () => {
    const save = (body: Record<string, unknown>) => call(ctx, content.saveFaqItem, { token, body });
    const first = await ok<{ id: number }>(await save({ title: 'Eerste', contentHtml: '<p>1</p>', isPublished: true }));
    await ok(await save({ title: 'Concept', contentHtml: '<p>nog niet</p>', isPublished: false }));
    const third = await ok<{ id: number }>(await save({ title: 'Derde', contentHtml: '<p onclick="x()">3 <a href="javascript:x()">link</a></p>', isPublished: true }));
    const titles = async () => (await ok<{ title: string }[]>(await call(ctx, calls.faq.getFaqItems, { token: ankerToken }))).map((f) => f.title);
    expect(await titles()).toEqual(['Eerste', 'Derde']);
    await ok(await call(ctx, content.moveFaqItem, { token, body: { id: third.id, direction: 'up' } }));
    await ok(await call(ctx, content.moveFaqItem, { token, body: { id: third.id, direction: 'up' } }));
    await ok(await call(ctx, content.moveFaqItem, { token, body: { id: third.id, direction: 'up' } }));
    expect(await titles()).toEqual(['Derde', 'Eerste']);
    const admin = await ok<FaqAdminItem[]>(await call(ctx, content.getFaqItems, { token }));
    expect(admin.map((f) => f.title)).toEqual(['Derde', 'Eerste', 'Concept']);
    expect(admin[0]?.contentHtml).toBe('<p>3 <a>link</a></p>');
    await ok(await call(ctx, content.deleteFaqItem, { token, body: { id: first.id } }));
    expect(await titles()).toEqual(['Derde']);
  });

  it('changes the contact text customers see', async () => {
    await ok(await call(ctx, content.saveContactText, { token, body: { text: 'Bel 030 123 45 67' } }));
    expect(await ok<{ text: string }>(await call(ctx, calls.contactDetails.get, { token: lindeToken }))).toEqual({ text: 'Bel 030 123 45 67' });
  });
});

describe('the service catalogue in the back-office', () => {
  const product = { articleCode: 'SP-9001', name: 'Etiketrol', description: 'Rol etiketten', price: 12.5, isActive: true, sortOrder: 5 };

  it('changes a price without touching orders already placed', async () => {
    const { id } = await ok<{ id: number }>(await call(ctx, content.saveServiceProduct, { token, body: product }));
    await ok(await call(ctx, calls.serviceProductOrder.addServiceProductOrder, {
      token: ankerToken,
      body: { orderRows: [{ serviceProductId: id, amount: 3 }] },
      headers: { 'idempotency-key': 'prijs-1' },
    }));
    await ok(await call(ctx, content.saveServiceProduct, { token, body: { ...product, id, price: 15 } }));
    const rows = await ctx.database.ownerDb.execute<{ price: string; row_total_price: string }>(
      sql`select price::text, row_total_price::text from service_product_order_rows where service_product_id = ${id}`,
    );
    expect(rows.rows).toEqual([{ price: '12.50', row_total_price: '37.50' }]);
    const catalogue = await ok<{ serviceProductId: number; price: number | null }[]>(await call(ctx, calls.serviceProduct.getServiceProducts, { token: ankerToken }));
    expect(catalogue.find((p) => p.serviceProductId === id)?.price).toBe(15);
  });

  it('refuses an article code in use, and a picture that is no PNG or JPEG; takes a real picture', async () => {
    const clash = await call(ctx, content.saveServiceProduct, { token, body: { ...product, name: 'Dubbel' } });
    expect(expectProblem(clash, 400).errors?.articleCode).toEqual([contentText.articleCodeInUse]);
    const list = await ok<CatalogueItem[]>(await call(ctx, content.getServiceProducts, { token }));
    const id = list.find((p) => p.articleCode === 'SP-9001')!.id;
    const upload = (body: Buffer, type: string) =>
      ctx.app.inject({ method: 'POST', url: `${content.uploadServiceProductImage.path}?Id=${id}`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: body });
    const pdf = await upload(Buffer.from('%PDF-1.4 niet een plaatje'), 'image/png');
    expectProblem(pdf, 400, contentText.pictureType);
    const gif = await upload(Buffer.from('GIF89a'), 'image/gif');
    expectProblem(gif, 400, contentText.pictureType);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3b6e8f' } }).png().toBuffer();
    expect((await upload(png, 'image/png')).statusCode).toBe(204);
    const after = await ok<CatalogueItem[]>(await call(ctx, content.getServiceProducts, { token }));
    expect(after.find((p) => p.id === id)?.imageUri).toMatch(/^\/api\/portal\//);
  });
});
