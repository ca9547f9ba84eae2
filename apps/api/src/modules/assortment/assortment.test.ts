import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, assortmentTableColumns } from '@portal/contract';
import { assortmentItems, products } from '../../db/schema.js';
import { call, createAccount, createClient, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
const getDrugTable = calls.assortment.getDrugTable;

const names = ['Paracetamol 500 mg tablet', 'Métoprolol 50 mg tablet', 'Omeprazol 20 mg capsule', 'Ácido fólico 5 mg', 'Zopiclon 7,5 mg tablet'];

beforeAll(async () => {
  ctx = await createTestContext();
  const own = await createClient(ctx);
  const other = await createClient(ctx, 'Andere apotheek');
  const made = await ctx.database.ownerDb
    .insert(products)
    .values(
      [...names, 'Alleen bij de ander 10 mg'].map((longName, i) => ({
        longName,
        ziNumber: String(10_000_000 + i),
        gpk: String(20_000 + i),
        hpk: String(300_000 + i),
        dtaDescription: i % 2 ? 'wit, rond' : 'geel, ovaal',
        splitDescription: i === 1 ? 'ERROR: niet deelbaar' : 'deelbaar',
        packaging: 'doordrukstrip',
      })),
    )
    .returning({ id: products.id });
  await ctx.database.ownerDb.insert(assortmentItems).values(made.slice(0, names.length).map((p) => ({ clientId: own.id, productId: p.id })));
  await ctx.database.ownerDb.insert(assortmentItems).values({ clientId: other.id, productId: made[names.length]!.id });
  token = (await login(ctx, await createAccount(ctx, own))).accessToken;
  otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: unknown, bearer = token) => call(ctx, getDrugTable, { body, token: bearer });

describe('Drug/GetDrugTable', () => {
  it('answers the own assortment sorted by name by default', async () => {
    const res = await table({});
    expect(res.statusCode).toBe(200);
    const { total, items } = res.json();
    expect(total).toBe(names.length);
    // Dutch order: the accented names sort with their letters, not after Z.
    expect(items.map((r: { longName: string }) => r.longName)).toEqual([
      'Ácido fólico 5 mg',
      'Métoprolol 50 mg tablet',
      'Omeprazol 20 mg capsule',
      'Paracetamol 500 mg tablet',
      'Zopiclon 7,5 mg tablet',
    ]);
  });

  it.each(assortmentTableColumns)('sorts on %s both ways', async (column) => {
    const up = (await table({ sortBy: column, descending: false })).json().items.map((r: Record<string, string>) => r[column]);
    const down = (await table({ sortBy: column, descending: true })).json().items.map((r: Record<string, string>) => r[column]);
    expect(up).toHaveLength(names.length);
    const collator = new Intl.Collator('nl');
    expect([...up].sort(collator.compare)).toEqual(up);
    expect([...down].sort((a, b) => collator.compare(b, a))).toEqual(down);
  });

  it('pages: the last page and beyond', async () => {
    const last = (await table({ rowsPerPage: 10, page: 1 })).json();
    expect(last.items).toHaveLength(names.length);
    const beyond = (await table({ rowsPerPage: 10, page: 2 })).json();
    expect(beyond).toEqual({ total: names.length, items: [] });
  });

  it('searches without regard to case or accents, and resets nothing else', async () => {
    const metoprolol = (await table({ search: 'METOPROLOL' })).json();
    expect(metoprolol.items.map((r: { longName: string }) => r.longName)).toEqual(['Métoprolol 50 mg tablet']);
    const acido = (await table({ search: 'acido' })).json();
    expect(acido.total).toBe(1);
    const byZi = (await table({ search: '10000002' })).json();
    expect(byZi.items[0].longName).toBe('Omeprazol 20 mg capsule');
    expect((await table({ search: '100%' })).json().total).toBe(0);
  });

  it("never shows another customer's products", async () => {
    expect((await table({ search: 'ander' })).json().total).toBe(0);
    const other = (await table({}, otherToken)).json();
    expect(other.items.map((r: { longName: string }) => r.longName)).toEqual(['Alleen bij de ander 10 mg']);
  });

  it.each([
    [{ sortBy: 'password' }, 'sortBy'],
    [{ sortBy: 'long_name' }, 'sortBy'],
    [{ page: 0 }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ rowsPerPage: 7 }, 'rowsPerPage'],
    [{ rowsPerPage: 1000 }, 'rowsPerPage'],
    [{ descending: 'yes' }, 'descending'],
    [{ search: 'x'.repeat(10_000) }, 'search'],
    [{ extra: 1 }, 'extra'],
  ])('refuses %j with a 400 on %s', async (body, field) => {
    const res = await table(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('needs a token', async () => {
    expect((await call(ctx, getDrugTable, { body: {} })).statusCode).toBe(401);
  });
});
