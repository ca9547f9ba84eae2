import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, assortmentTableColumns, tableDefaults, type AssortmentRow } from '@portal/contract';
import { assortmentItems, products } from '../../db/schema.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { describeTableCall } from '../../test/table-call.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
const getDrugTable = calls.assortment.getDrugTable;

const names = [
  'Paracetamol 500 mg tablet',
  'Métoprolol 50 mg tablet',
  'Omeprazol 20 mg capsule',
  'Ácido fólico 5 mg',
  'Zopiclon 7,5 mg tablet',
  'Nitrofurantoïne 50 mg capsule',
];

beforeAll(async () => {
  ctx = await createTestContext();
  const own = await createCustomer(ctx);
  const other = await createCustomer(ctx, 'Andere apotheek');
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
        packaging: i % 3 ? 'doordrukstrip' : 'pot',
      })),
    )
    .returning({ id: products.id });
  await ctx.database.ownerDb.insert(assortmentItems).values(made.slice(0, names.length).map((p) => ({ customerId: own.id, productId: p.id })));
  await ctx.database.ownerDb.insert(assortmentItems).values({ customerId: other.id, productId: made[names.length]!.id });
  token = (await login(ctx, await createAccount(ctx, own))).accessToken;
  otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const rows = async (body: unknown, bearer = token) =>
  (await call(ctx, getDrugTable, { body, token: bearer })).json<{ total: number; items: AssortmentRow[] }>();
const longNames = (answer: { items: AssortmentRow[] }) => answer.items.map((r) => r.longName);

const collator = new Intl.Collator('nl');
describeTableCall(
  {
    call: getDrugTable,
    columns: assortmentTableColumns,
    defaults: tableDefaults.products,
    total: names.length,
    // Every column is text, in Dutch order.
    compare: Object.fromEntries(
      assortmentTableColumns.map((column) => [column, (a: AssortmentRow, b: AssortmentRow) => collator.compare(a[column], b[column])]),
    ) as Record<(typeof assortmentTableColumns)[number], (a: AssortmentRow, b: AssortmentRow) => number>,
    folding: { term: 'Métoprolol', found: 1 },
    other: { term: 'ander', total: 1 },
  },
  () => ({ ctx, token, otherToken }),
);

describe('Drug/GetDrugTable', () => {
  it('answers the own assortment sorted by name by default', async () => {
    // Dutch order: the accented names sort with their letters, not after Z.
    expect(longNames(await rows({}))).toEqual([
      'Ácido fólico 5 mg',
      'Métoprolol 50 mg tablet',
      'Nitrofurantoïne 50 mg capsule',
      'Omeprazol 20 mg capsule',
      'Paracetamol 500 mg tablet',
      'Zopiclon 7,5 mg tablet',
    ]);
  });

  it('searches the name and the ZI number, the name without regard to case or accents', async () => {
    expect(longNames(await rows({ search: 'METOPROLOL' }))).toEqual(['Métoprolol 50 mg tablet']);
    expect(longNames(await rows({ search: 'acido' }))).toEqual(['Ácido fólico 5 mg']);
    expect(longNames(await rows({ search: 'nitrofurantoine' }))).toEqual(['Nitrofurantoïne 50 mg capsule']);
    expect(longNames(await rows({ search: '10000002' }))).toEqual(['Omeprazol 20 mg capsule']);
    expect((await rows({ search: '100%' })).total).toBe(0);
  });

  it('shows the other customer only its own product', async () => {
    expect(longNames(await rows({}, otherToken))).toEqual(['Alleen bij de ander 10 mg']);
  });
});
