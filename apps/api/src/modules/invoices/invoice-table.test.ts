import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, invoiceTableColumns, tableDefaults, type InvoiceRow } from '@portal/contract';
import { createTestContext } from '../../test/harness.js';
import { describeTableCall, tableReader } from '../../test/table-call.js';
import { useOpened } from '../../test/use-opened.js';
import { invoiceCustomers, longInvoice, march, otherMonths } from './invoice-fixtures.js';

const getTable = calls.invoice.getInvoiceTable;
const all = [march, longInvoice, ...otherMonths];

const table = useOpened(async () => {
  const ctx = await createTestContext();
  const { own, token, otherToken } = await invoiceCustomers(ctx);
  return { ctx, token, otherToken, clientCode: own.clientCode };
});

const rows = tableReader<InvoiceRow>(table, getTable);
const months = (r: { items: InvoiceRow[] }) => r.items.map((i) => i.processedMonth);

const compare: Record<(typeof invoiceTableColumns)[number], (a: InvoiceRow, b: InvoiceRow) => number> = {
  processedMonth: (a, b) => a.processedMonth.localeCompare(b.processedMonth),
  clientCode: (a, b) => a.clientCode.localeCompare(b.clientCode),
  invoiceAmount: (a, b) => a.invoiceAmount - b.invoiceAmount,
};

describeTableCall(
  {
    call: getTable,
    columns: invoiceTableColumns,
    defaults: tableDefaults.invoices,
    total: all.length,
    compare,
    // One customer, one client code.
    alike: ['clientCode'],
    folding: { term: 'MAÄRT', found: 1 },
    other: { term: '999,99', total: 1 },
  },
  () => table,
);

describe('Invoice/GetInvoiceTable', () => {
  it('answers the own invoices, newest month first, amounts as numbers', async () => {
    const body = await rows({});
    expect(body.total).toBe(all.length);
    expect(months(body)).toEqual(all.map((i) => i.month).sort().reverse());
    expect(body.items[0]).toEqual({
      processedMonth: '2026-03-01',
      clientCode: table.clientCode,
      invoiceAmount: 1446.52,
      invoiceNumber: expect.stringMatching(/^2026-\d{6}$/) as string,
      paymentStatus: null,
    });
  });

  it('answers the number and payment status the provider sent, and finds an invoice by its number', async () => {
    await table.ctx.database.ownerDb.execute(sql`
      update invoices set invoice_number = 'VF-88123', payment_status = 'Paid'
      where processed_month = '2025-12-01' and client_id = (select id from clients where client_code = ${table.clientCode})`);
    const found = await rows({ search: 'vf-881' });
    expect(found.items).toEqual([expect.objectContaining({ processedMonth: '2025-12-01', invoiceNumber: 'VF-88123', paymentStatus: 'Paid' })]);
  });

  it('sorts the amounts as numbers, not as text', async () => {
    const amounts = (await rows({ sortBy: 'invoiceAmount' })).items.map((i) => i.invoiceAmount);
    expect(amounts).toEqual([87.2, 302.5, 1089, 1090, 1446.52, 2420]);
  });

  it('searches the month as shown in Dutch', async () => {
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
    expect((await rows({ search: table.clientCode.toLowerCase() })).total).toBe(all.length);
  });

  it('shows the other customer only its own invoice', async () => {
    const other = await rows({}, table.otherToken);
    expect(other.items).toEqual([
      expect.objectContaining({ processedMonth: '2026-03-01', clientCode: expect.not.stringMatching(table.clientCode) as string, invoiceAmount: 999.99 }),
    ]);
  });
});
