import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calls,
  exportCalls,
  exportColumns,
  exportRowsHeader,
  feedback,
  myRequestCalls,
  type CallDefinition,
  type ExportColumn,
  type ExportTable,
  type TableResponse,
} from '@portal/contract';
import { seedDemoInbox } from '../../demo/inbox.js';
import { seedDemoData } from '../../demo/seed.js';
import { wallClock } from '../../lib/dutch-dates.js';
import { ExportSlots, sheetCell, shownText } from '../../lib/table-export.js';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { auditRows, call, createTestContext, type TestContext } from '../../test/harness.js';
import { demoFacts } from '../../test/demo-facts.js';

let ctx: TestContext;
let admin: string;
let employee: string;
let otherCustomer: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date('2026-11-25T09:30:00Z') });
  await seedDemoData(ctx.database, { totpKey: ctx.totpKey });
  await seedDemoInbox(ctx.app, ctx.database);
  const as = (email: string) => login(ctx, { emailAddress: email, password: demoFacts.password }).then((t) => t.accessToken);
  admin = await as(demoFacts.accounts.administrator.email);
  employee = await as(demoFacts.accounts.employee.email);
  otherCustomer = await as(demoFacts.accounts.otherCustomerEmployee.email);
});
afterAll(async () => {
  await ctx?.close();
});

/** Every row of a table call with this search and sort, page after page as the screen reads them. */
async function allRows(def: CallDefinition, request: Record<string, unknown>, token = admin) {
  const rows: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const res = await call(ctx, def, { body: { ...request, page, rowsPerPage: 100 }, token });
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json<TableResponse<unknown>>();
    rows.push(...items);
    if (rows.length >= total || items.length === 0) return rows;
  }
}

/** RFC 4180 with semicolons, as Dutch Excel reads it. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  expect(field).toBe('');
  return records;
}

/** What the CSV writer does to a text a spreadsheet would run as a formula. */
const csvShown = (text: string | null) => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** An Excel cell's value as the export means it: dates read back as their wall-clock moment. */
function expectedCell(column: ExportColumn<unknown>, row: unknown): unknown {
  const value = column.value(row);
  if (value === null || value === '') return null;
  if ((column.kind === 'integer' || column.kind === 'euro') && typeof value === 'number') return value;
  if (column.kind === 'date' || column.kind === 'dateTime') {
    const moment = wallClock(String(value))!;
    return new Date(`${moment.date}T${column.kind === 'date' ? '00:00' : moment.time}:00Z`).toISOString();
  }
  return shownText(column.kind, value);
}

const cellValue = (value: ExcelJS.CellValue) => (value instanceof Date ? value.toISOString() : (value ?? null));

interface Case {
  key: Exclude<ExportTable, 'accessLog'>;
  table: CallDefinition;
  request: Record<string, unknown>;
}

// Each table with a search or a sort of its own, so that the file is seen to follow the screen's choice.
const cases: Case[] = [
  { key: 'drugs', table: calls.assortment.getDrugTable, request: { search: 'tablet', sortBy: 'ziNumber', descending: true } },
  { key: 'packingOrders', table: calls.packingOrder.getOrderFulfillmentsTable, request: { search: demoFacts.searches.facility, sortBy: 'bagCount' } },
  { key: 'deliverySchedules', table: calls.deliverySchedule.getOrderFulfillmentSchedulesTable, request: { search: demoFacts.searches.facility, sortBy: 'facility', descending: true } },
  { key: 'invoices', table: calls.invoice.getInvoiceTable, request: { search: 'april', sortBy: 'invoiceAmount', descending: false } },
  // The screen of service orders has neither a search nor a sort.
  { key: 'serviceProductOrders', table: calls.serviceProductOrder.getServiceProductOrderTable, request: {} },
  { key: 'pharmacists', table: calls.pharmacist.getPharmacistTable, request: { search: demoFacts.accounts.employee.firstName, sortBy: 'lastName' } },
  { key: 'myRequests', table: myRequestCalls.getMyRequestTable, request: { search: 'nieuw', sortBy: 'kind' } },
];

describe('exports of every table', () => {
  it.each(cases)('$key as CSV holds the rows of every page of the table, in its order, as the screen shows them', async ({ key, table, request }) => {
    const rows = await allRows(table, request);
    expect(rows.length).toBeGreaterThan(0);
    const res = await call(ctx, exportCalls[key], { body: { ...request, format: 'Csv' }, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`-2026-11-25.csv`);
    expect(res.headers[exportRowsHeader.toLowerCase()]).toBe(String(rows.length));
    const columns = exportColumns[key] as readonly ExportColumn<unknown>[];
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual(columns.map((c) => c.header));
    expect(records).toEqual(rows.map((row) => columns.map((c) => csvShown(shownText(c.kind, c.value(row))))));
  });

  it.each(cases)('$key as Excel holds the same rows, numbers as numbers and dates as dates', async ({ key, table, request }) => {
    const rows = await allRows(table, request);
    const res = await call(ctx, exportCalls[key], { body: { ...request, format: 'Xlsx' }, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const columns = exportColumns[key] as readonly ExportColumn<unknown>[];
    const read: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      read.push(columns.map((_, i) => cellValue(row.getCell(i + 1).value)));
    });
    expect(read[0]).toEqual(columns.map((c) => c.header));
    expect(read.slice(1)).toEqual(rows.map((row) => columns.map((c) => expectedCell(c, row))));
    expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + columns.length)}${rows.length + 1}`);
  });

  it('formats dates, amounts and months as the screens do', () => {
    expect(shownText('date', '2026-03-05')).toBe('05-03-2026');
    expect(shownText('dateTime', '2026-07-01T08:15:00Z')).toBe('01-07-2026 10:15');
    expect(shownText('dateTime', '2026-01-01T08:15:00Z')).toBe('01-01-2026 09:15');
    // An access log's moment is kept to the second (NEN 7513), in the CSV and as Excel's serial.
    expect(shownText('moment', '2026-07-01T08:15:07.123Z')).toBe('01-07-2026 10:15:07');
    const cell = sheetCell('moment', '2026-07-01T08:15:07.123Z') as { number: number; style: string };
    expect(cell.style).toBe('moment');
    expect(Math.round((cell.number % 1) * 86_400)).toBe(10 * 3600 + 15 * 60 + 7);
    expect(shownText('euro', 1234.5)).toBe('€ 1.234,50');
    expect(shownText('integer', 12345)).toBe('12.345');
    expect(shownText('month', '2026-03-01')).toBe('maart 2026');
    expect(shownText('text', null)).toBeNull();
  });

  it('are audited: which table, format, search and sort, and how many rows', async () => {
    const res = await call(ctx, exportCalls.invoices, { body: { search: demoFacts.searches.month, format: 'Xlsx' }, token: admin });
    expect(res.statusCode).toBe(200);
    // written once the file is sent, in the export's transaction
    const ofThisExport = async () =>
      ((await auditRows(ctx, 'TableExport')) as unknown as { outcome: string; details: Record<string, unknown> }[]).find(
        (row) => row.details.search === demoFacts.searches.month,
      );
    await expect.poll(ofThisExport).toBeDefined();
    const audit = (await ofThisExport())!;
    expect(audit.outcome).toBe('Success');
    expect(audit.details).toMatchObject({ format: 'Xlsx', search: demoFacts.searches.month, completed: true });
    expect(audit.details.rows).toBe(Number(res.headers[exportRowsHeader.toLowerCase()]));
  });

  it("hold the own customer's rows only", async () => {
    const own = await allRows(calls.packingOrder.getOrderFulfillmentsTable, {}, otherCustomer);
    const res = await call(ctx, exportCalls.packingOrders, { body: { format: 'Csv' }, token: otherCustomer });
    expect(parseCsv(res.body).length - 1).toBe(own.length);
    expect(res.body).not.toContain(demoFacts.customer.facilities[0]);
  });

  it('of the staff accounts are for administrators only', async () => {
    expectProblem(await call(ctx, exportCalls.pharmacists, { body: { format: 'Csv' }, token: employee }), 403, feedback.forbidden);
    expect((await call(ctx, exportCalls.packingOrders, { body: { format: 'Csv' }, token: employee })).statusCode).toBe(200);
  });

  it('refuse what a client cannot ask: no token, an unknown format or column, a search too long', async () => {
    expectProblem(await call(ctx, exportCalls.drugs, { body: { format: 'Csv' } }), 401);
    expectProblem(await call(ctx, exportCalls.drugs, { body: { format: 'Pdf' }, token: admin }), 400);
    expectProblem(await call(ctx, exportCalls.drugs, { body: {}, token: admin }), 400);
    expectProblem(await call(ctx, exportCalls.drugs, { body: { format: 'Csv', sortBy: 'password' }, token: admin }), 400);
    expectProblem(await call(ctx, exportCalls.drugs, { body: { format: 'Csv', search: 'x'.repeat(201) }, token: admin }), 400);
  });

  it('of an empty selection hold the header alone', async () => {
    const res = await call(ctx, exportCalls.drugs, { body: { format: 'Csv', search: 'geen-enkel-product-heet-zo' }, token: admin });
    expect(res.headers[exportRowsHeader.toLowerCase()]).toBe('0');
    expect(parseCsv(res.body)).toHaveLength(1);
  });
});

describe('an export that has sent its file', () => {
  it("leaves the account free for its next export while its audit row is still being written, and loses neither row", async () => {
    // A search of its own tells this test's audit rows from those of the exports before it.
    const search = 'april';
    const ours = async () =>
      (await auditRows(ctx, 'TableExport')).filter((r) => (r as unknown as { details: { search: string | null } }).details.search === search && r.account_id !== null);
    const before = (await ours()).length;
    // The audit row waits on this lock: the handler is still running when its file has been sent.
    const holder = await ctx.database.ownerPool.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table audit_log in exclusive mode');
      const first = await call(ctx, exportCalls.invoices, { body: { format: 'Csv', search }, token: employee });
      expect(first.statusCode, first.body).toBe(200);
      const second = await call(ctx, exportCalls.invoices, { body: { format: 'Xlsx', search }, token: employee });
      expect(second.statusCode, second.body).toBe(200);
      expect((await ours()).length).toBe(before);
    } finally {
      await holder.query('commit');
      holder.release();
    }
    await expect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBe(before + 2);
  });
});

describe('a large export', () => {
  it('is streamed: a cancelled download ends the export, is audited as such, and frees its connection', async () => {
    // 20,000 packing orders of the other demo customer's first department
    await ctx.database.ownerDb.execute(sql`insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
      select f.client_id, f.id, 10, n, 'Delivered', date '2020-01-01' + (n % 2000)
      from generate_series(1, 20000) n, (select f.client_id, f.id from facilities f join clients c on c.id = f.client_id
        where c.client_code = ${demoFacts.otherCustomer.code} order by f.id limit 1) f`);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}${exportCalls.packingOrders.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${otherCustomer}`, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ format: 'Csv' }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get(exportRowsHeader))).toBeGreaterThan(20_000);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    controller.abort();
    await reader.cancel().catch(() => undefined);

    await expect
      .poll(async () => (await auditRows(ctx, 'TableExport')).map((r) => (r as unknown as { details: { completed: boolean } }).details.completed).at(-1), {
        timeout: 20_000,
      })
      .toBe(false);
    const cancelled = (await auditRows(ctx, 'TableExport')).at(-1) as unknown as { details: { rows: number; total: number } };
    expect(cancelled.details.rows).toBeLessThan(cancelled.details.total);
    // The account's slot and the connection are free again: the next export runs to its end.
    const again = await call(ctx, exportCalls.packingOrders, { body: { format: 'Xlsx' }, token: otherCustomer });
    expect(again.statusCode).toBe(200);
    expect(Number(again.headers[exportRowsHeader.toLowerCase()])).toBeGreaterThan(20_000);
  });
});

describe('export slots', () => {
  it('let an account run one export at a time, and a process a few', () => {
    const slots = new ExportSlots(2);
    const release = slots.take('c1', 1);
    expect(() => slots.take('c1', 1)).toThrow(feedback.exportRunning);
    const second = slots.take('c1', 2);
    expect(() => slots.take('c2', 1)).toThrow(feedback.exportsBusy);
    release();
    second();
    expect(() => slots.take('c1', 1)).not.toThrow();
  });
});
