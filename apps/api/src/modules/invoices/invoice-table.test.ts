import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, invoiceTableColumns, type InvoiceRow } from '@portal/contract';
import { call, createTestContext, type TestContext } from '../../test/harness.js';
import { invoiceCustomers, longInvoice, march, otherMonths } from './invoice-fixtures.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
let clientCode: string;
const getTable = calls.invoice.getInvoiceTable;
const all = [march, longInvoice, ...otherMonths];

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await invoiceCustomers(ctx);
  ({ token, otherToken } = made);
  clientCode = made.own.clientCode;
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: unknown, bearer = token) => call(ctx, getTable, { body, token: bearer });
const rows = async (body: unknown, bearer = token) => (await table(body, bearer)).json<{ total: number; items: InvoiceRow[] }>();
const months = (r: { items: InvoiceRow[] }) => r.items.map((i) => i.processedMonth);

const compare: Record<(typeof invoiceTableColumns)[number], (a: InvoiceRow, b: InvoiceRow) => number> = {
  processedMonth: (a, b) => a.processedMonth.localeCompare(b.processedMonth),
  clientCode: (a, b) => a.clientCode.localeCompare(b.clientCode),
  invoiceAmount: (a, b) => a.invoiceAmount - b.invoiceAmount,
};

describe('Invoice/GetInvoiceTable', () => {
  it('answers the own invoices, newest month first, amounts as numbers', async () => {
    const res = await table({});
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; items: InvoiceRow[] }>();
    expect(body.total).toBe(all.length);
    expect(months(body)).toEqual(all.map((i) => i.month).sort().reverse());
    expect(body.items[0]).toEqual({ processedMonth: '2026-03-01', clientCode, invoiceAmount: 1446.52 });
  });

  it.each(invoiceTableColumns)('sorts on %s both ways', async (column) => {
    const up = (await rows({ sortBy: column, descending: false })).items;
    const down = (await rows({ sortBy: column, descending: true })).items;
    expect(up).toHaveLength(all.length);
    expect([...up].sort(compare[column])).toEqual(up);
    expect([...down].sort((a, b) => compare[column](b, a))).toEqual(down);
  });

  it('sorts the amounts as numbers, not as text', async () => {
    const amounts = (await rows({ sortBy: 'invoiceAmount' })).items.map((i) => i.invoiceAmount);
    expect(amounts).toEqual([87.2, 302.5, 1089, 1090, 1446.52, 2420]);
  });

  it('pages: the last page and beyond', async () => {
    const last = await rows({ rowsPerPage: 5, page: 2 });
    expect(last.total).toBe(all.length);
    expect(months(last)).toEqual(['2025-10-01']);
    expect(await rows({ rowsPerPage: 5, page: 3 })).toEqual({ total: all.length, items: [] });
  });

  it('searches the month as shown in Dutch, without regard to case or accents', async () => {
    expect(months(await rows({ search: 'maart' }))).toEqual(['2026-03-01']);
    expect(months(await rows({ search: 'Maart 2026' }))).toEqual(['2026-03-01']);
    expect(months(await rows({ search: 'MAÄRT' }))).toEqual(['2026-03-01']);
    expect(months(await rows({ search: 'ber 2025' }))).toEqual(['2025-12-01', '2025-11-01', '2025-10-01']);
    expect((await rows({ search: '2026' })).total).toBe(3);
  });

  it('searches the amount as shown and as typed', async () => {
    for (const term of ['€ 1.446,52', '1.446,52', '1446,52', '1446.52', '446,5']) {
      expect(months(await rows({ search: term })), term).toEqual(['2026-03-01']);
    }
    expect(months(await rows({ search: '2.420' }))).toEqual(['2025-12-01']);
  });

  it('searches the client code', async () => {
    expect((await rows({ search: clientCode.toLowerCase() })).total).toBe(all.length);
    expect((await rows({ search: '%' })).total).toBe(0);
  });

  it("never shows another customer's invoices", async () => {
    expect((await rows({ search: '999,99' })).total).toBe(0);
    const other = await rows({}, otherToken);
    expect(other.items).toEqual([{ processedMonth: '2026-03-01', clientCode: expect.not.stringMatching(clientCode), invoiceAmount: 999.99 }]);
  });

  it.each([
    [{ sortBy: 'invoice_amount' }, 'sortBy'],
    [{ sortBy: 'facility' }, 'sortBy'],
    [{ page: 2.5 }, 'page'],
    [{ rowsPerPage: 200 }, 'rowsPerPage'],
    [{ descending: null, search: {} }, 'search'],
    [{ search: 'maart\u0000' }, 'search'],
  ])('refuses %j with a 400 on %s', async (body, field) => {
    const res = await table(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('needs a token', async () => {
    expect((await call(ctx, getTable, { body: {} })).statusCode).toBe(401);
  });
});
