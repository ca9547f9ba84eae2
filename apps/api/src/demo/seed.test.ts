import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { calls } from '@portal/contract';
import { departments } from '../db/schema.js';
import { call, createTestContext, type TestContext } from '../test/harness.js';
import { miscountedRows } from '../test/row-counts.js';
import { seedLarge, type LargeScale } from './large.js';
import { invoiceTotals } from '../modules/invoices/invoice-totals.js';
import { DEMO_PASSWORD, demoCustomers, seedDemoData } from './seed.js';

/** A fixed day (a Wednesday), so that two runs can be compared; the demo's dates are relative to it. */
const today = new Date(2026, 10, 18, 14, 30);

let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestContext(), createTestContext()]);
  await seedDemoData(first.database, { totpKey: first.totpKey, today });
  await seedDemoData(second.database, { totpKey: second.totpKey, today });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const rows = async <T extends Record<string, unknown>>(ctx: TestContext, query: string) =>
  (await ctx.database.ownerDb.execute<T>(sql.raw(query))).rows;

const filledTables = [
  'clients', 'facilities', 'patients', 'accounts', 'memos', 'faq_items', 'content_blocks', 'products',
  'assortment_items', 'delivery_schedules', 'packing_orders', 'invoices', 'invoice_lines',
];

/** Everything the demo made, without what is random by design (ids of customers, password hashes, times of making). */
async function snapshot(ctx: TestContext) {
  const withoutCustomerId = (list: Record<string, unknown>[]) => list.map(({ client_id: _, ...rest }) => rest);
  return {
    clients: await rows(ctx, 'select client_code, name, kind from clients order by client_code'),
    facilities: await rows(ctx, 'select c.client_code, f.id, f.name from facilities f join clients c on c.id = f.client_id order by f.id'),
    patients: withoutCustomerId(await rows(ctx, 'select c.client_code, p.* from patients p join clients c on c.id = p.client_id order by p.id')),
    accounts: await rows(ctx, 'select email_address, first_name, middle_name, last_name, pharmacist_type, is_active, totp_enabled from accounts order by email_address'),
    memos: await rows(ctx, 'select title, text, active_from, active_until from memos order by id'),
    faq: await rows(ctx, 'select sort_order, title, content_html from faq_items order by id'),
    content: await rows(ctx, 'select key, body from content_blocks order by key'),
    products: await rows(ctx, 'select * from products order by id'),
    assortment: await rows(ctx, 'select c.client_code, a.product_id from assortment_items a join clients c on c.id = a.client_id order by 1, 2'),
    schedules: withoutCustomerId(await rows(ctx, 'select c.client_code, s.* from delivery_schedules s join clients c on c.id = s.client_id order by s.id')),
    orders: withoutCustomerId(await rows(ctx, 'select c.client_code, o.* from packing_orders o join clients c on c.id = o.client_id order by o.id')),
    invoices: await rows(ctx, 'select c.client_code, i.id, i.processed_month, i.invoice_amount from invoices i join clients c on c.id = i.client_id order by i.id'),
    lines: withoutCustomerId(await rows(ctx, 'select c.client_code, l.* from invoice_lines l join clients c on c.id = l.client_id order by l.invoice_id, l.line_no')),
  };
}

describe('the demo seed', () => {
  // How long it takes is a figure of the benchmarks, not a test: a busy machine must not fail it.
  it('fills every table of the portal', async () => {
    for (const table of filledTables) {
      const [count] = await rows<{ n: number }>(first, `select count(*)::int as n from ${table}`);
      expect(count?.n, table).toBeGreaterThan(0);
    }
  });

  it('makes realistic products: a catalogue of about 300 with ZI, GPK and HPK codes, some not splittable', async () => {
    const products = await rows<{ long_name: string; zi_number: string; gpk: string; hpk: string; split_description: string }>(
      first,
      'select * from products',
    );
    expect(products.length).toBeGreaterThanOrEqual(250);
    expect(products.map((p) => p.long_name)).toContain('Metoprololsuccinaat 50 mg tablet met gereguleerde afgifte');
    for (const p of products) {
      expect(p.zi_number).toMatch(/^\d{8}$/);
      expect(p.gpk).toMatch(/^\d+$/);
      expect(p.hpk).toMatch(/^\d+$/);
    }
    expect(new Set(products.map((p) => p.zi_number)).size).toBe(products.length);
    expect(products.some((p) => p.split_description.includes('ERROR'))).toBe(true);
    expect(products.some((p) => !p.split_description.includes('ERROR'))).toBe(true);
    const sizes = await rows<{ n: number }>(first, 'select count(*)::int as n from assortment_items group by client_id');
    for (const { n } of sizes) expect(n).toBeGreaterThanOrEqual(150);
  });

  it('gives every invoice the total of its lines including VAT, as its files print it', async () => {
    expect(await invoicesNotMatchingLines(first)).toEqual({ invoices: demoCustomers.length * 24, mismatches: [] });
    const rates = await rows<{ vat_rate: string }>(first, 'select distinct vat_rate from invoice_lines order by 1');
    expect(rates.map((r) => Number(r.vat_rate))).toEqual([9, 21]);
  });

  it('dates everything relative to today: recent orders in progress, older ones delivered, memos in all states', async () => {
    const statuses = await rows<{ reel_status: string; recent: boolean }>(
      first,
      `select distinct reel_status, order_date >= date '2026-11-15' as recent from packing_orders`,
    );
    const recent = statuses.filter((s) => s.recent).map((s) => s.reel_status);
    expect(recent).toEqual(expect.arrayContaining(['Received', 'InProduction', 'Packed', 'Shipped']));
    expect(statuses.filter((s) => !s.recent).map((s) => s.reel_status)).toEqual(expect.arrayContaining(['Delivered']));
    const [span] = await rows<{ first: string; last: string }>(first, 'select min(order_date)::text as first, max(order_date)::text as last from packing_orders');
    expect(span!.first < '2026-03-01').toBe(true);
    expect(span!.last <= '2026-11-21').toBe(true);
    const [memos] = await rows<{ active: number; expired: number; future: number }>(
      first,
      `select count(*) filter (where active_from <= '2026-11-18' and (active_until is null or active_until > '2026-11-18'))::int as active,
              count(*) filter (where active_until <= '2026-11-18')::int as expired,
              count(*) filter (where active_from > '2026-11-18')::int as future from memos`,
    );
    expect(memos).toEqual({ active: 2, expired: 1, future: 1 });
    const months = await rows<{ m: string }>(first, `select distinct processed_month::text as m from invoices order by 1 desc`);
    expect(months[0]!.m).toBe('2026-10-01');
    expect(months.at(-1)!.m).toBe('2024-11-01');
  });

  it('is deterministic: the same day gives the same data', async () => {
    expect(await snapshot(second)).toEqual(await snapshot(first));
  });
});

describe('the large generator', () => {
  const tiny: LargeScale = {
    customers: 5,
    facilities: 12,
    patients: 240,
    products: 60,
    assortment: { min: 20, max: 40 },
    packingOrders: 1_000,
    invoices: 100,
  };
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database, { totpKey: ctx.totpKey, today });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('adds the given scale set-based (far fewer statements than rows), on top of the demo', async () => {
    const before = await countsOf(ctx);
    // How quickly is measured by npm run bench:seed; here, what makes it quick: every table filled by a few
    // statements over generated series, however many rows, not a statement per row.
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const steps = await seedLarge(ctx.database, tiny, { today });
    const sent = statements.mock.calls.length;
    statements.mockRestore();
    expect(sent).toBeLessThan(tiny.patients);
    expect(steps.map((s) => s.step)).toContain('packing orders');
    const after = await countsOf(ctx);
    expect(after.clients - before.clients).toBe(tiny.customers);
    expect(after.facilities - before.facilities).toBe(tiny.facilities);
    expect(after.patients - before.patients).toBe(tiny.patients);
    expect(after.products - before.products).toBe(tiny.products);
    expect(after.packing_orders - before.packing_orders).toBe(tiny.packingOrders);
    expect(after.invoices - before.invoices).toBe(tiny.invoices);
    expect(after.accounts - before.accounts).toBe(tiny.customers);
    expect(after.invoice_lines - before.invoice_lines).toBeGreaterThanOrEqual(tiny.invoices * 4);

    const perCustomer = await rows<{ client_code: string; facilities: number; products: number; invoices: number }>(
      ctx,
      `select c.client_code,
         (select count(*)::int from facilities f where f.client_id = c.id) as facilities,
         (select count(*)::int from assortment_items a where a.client_id = c.id) as products,
         (select count(*)::int from invoices i where i.client_id = c.id) as invoices
       from clients c where c.client_code like 'KL-%' order by 1`,
    );
    expect(perCustomer.map((c) => c.client_code)).toEqual(['KL-0001', 'KL-0002', 'KL-0003', 'KL-0004', 'KL-0005']);
    for (const c of perCustomer) {
      expect(c.facilities).toBeGreaterThanOrEqual(1);
      expect(c.products).toBeGreaterThanOrEqual(tiny.assortment.min);
      expect(c.products).toBeLessThanOrEqual(tiny.assortment.max);
      expect(c.invoices).toBe(20);
    }
    expect(perCustomer[0]!.products).toBe(tiny.assortment.max);

    // Loaded without triggers, counted after: the kept row counts (decision 0036) are every customer's rows.
    const miscounted = await miscountedRows(ctx.database.ownerDb);
    expect(miscounted).toEqual([]);
  });

  it('keeps invoice totals equal to their lines and the identity sequences usable', async () => {
    const { invoices, mismatches } = await invoicesNotMatchingLines(ctx);
    expect(invoices).toBeGreaterThan(tiny.invoices);
    expect(mismatches).toEqual([]);
    const [someCustomer] = await rows<{ id: string }>(ctx, `select id from clients where client_code = 'KL-0002'`);
    await expect(ctx.database.ownerDb.insert(departments).values({ customerId: someCustomer!.id, name: 'Nieuwe afdeling' })).resolves.toBeDefined();
  });

  it('makes only rows whose foreign keys hold (it loads without the per-row checks)', async () => {
    const [orphans] = await rows<Record<string, number>>(
      ctx,
      `select
         (select count(*)::int from patients p where not exists (select 1 from facilities f where f.client_id = p.client_id and f.id = p.facility_id)) as patients,
         (select count(*)::int from delivery_schedules d where not exists (select 1 from facilities f where f.client_id = d.client_id and f.id = d.facility_id)) as schedules,
         (select count(*)::int from packing_orders o where not exists (select 1 from facilities f where f.client_id = o.client_id and f.id = o.facility_id)) as orders,
         (select count(*)::int from assortment_items a where not exists (select 1 from products p where p.id = a.product_id)
            or not exists (select 1 from clients c where c.id = a.client_id)) as assortment,
         (select count(*)::int from invoice_lines l where not exists (select 1 from invoices i where i.client_id = l.client_id and i.id = l.invoice_id)) as lines,
         (select count(*)::int from facilities f where not exists (select 1 from clients c where c.id = f.client_id)) as facilities`,
    );
    expect(orphans).toEqual({ patients: 0, schedules: 0, orders: 0, assortment: 0, lines: 0, facilities: 0 });
  });

  it("lets each large customer's administrator log in with the demo password", async () => {
    const res = await call(ctx, calls.authentication.loginWithCredentials, {
      body: { emailAddress: 'beheer-0003@large.example', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

async function countsOf(ctx: TestContext) {
  const tables = ['clients', 'facilities', 'patients', 'products', 'packing_orders', 'invoices', 'invoice_lines', 'accounts'] as const;
  const result = {} as Record<(typeof tables)[number], number>;
  for (const table of tables) {
    const [count] = await rows<{ n: number }>(ctx, `select count(*)::int as n from ${table}`);
    result[table] = count?.n ?? 0;
  }
  return result;
}

/** Invoices whose stored amount is not the total (incl. VAT) of their lines by the invoice files' arithmetic. */
async function invoicesNotMatchingLines(ctx: TestContext) {
  const invoices = await rows<{ client_id: string; id: number; invoice_amount: string }>(ctx, 'select client_id, id, invoice_amount from invoices');
  const lines = await rows<{ client_id: string; invoice_id: number; quantity: number; unit_price: string; vat_rate: string }>(
    ctx,
    'select client_id, invoice_id, quantity, unit_price, vat_rate from invoice_lines',
  );
  const byInvoice = new Map<string, typeof lines>();
  for (const l of lines) {
    const key = `${l.client_id}/${l.invoice_id}`;
    byInvoice.set(key, [...(byInvoice.get(key) ?? []), l]);
  }
  const mismatches = invoices.filter((invoice) => {
    const own = byInvoice.get(`${invoice.client_id}/${invoice.id}`) ?? [];
    const { grossCents } = invoiceTotals(own.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price, vatRate: l.vat_rate })));
    return own.length < 3 || Math.round(Number(invoice.invoice_amount) * 100) !== grossCents;
  });
  return { invoices: invoices.length, mismatches };
}
