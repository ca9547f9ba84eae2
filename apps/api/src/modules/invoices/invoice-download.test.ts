import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { calls, validation } from '@portal/contract';
import { call, createTestContext, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { cellNumber, pdfPages, readWorkbook } from '../../test/files.js';
import { insertInvoice, invoiceCustomers, longInvoice, march } from './invoice-fixtures.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
let clientCode: string;
let otherCode: string;
let ids: { march: number; long: number };
const download = calls.invoice.downloadInvoiceFile;
const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await invoiceCustomers(ctx);
  ({ token, otherToken, ids } = made);
  clientCode = made.own.clientCode;
  otherCode = made.other.clientCode;
  await insertInvoice(ctx, made.own, { month: '2025-09-01', amount: '0.00', lines: [] });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (query: Record<string, string>, bearer: string | null = token) =>
  call(ctx, download, { query, token: bearer ?? undefined });
const file = (FileType: string, ProcessedMonth = march.month) => get({ ProcessedMonth, ClientCode: clientCode, FileType });

function expectFile(res: LightMyRequestResponse, contentType: string, fileName: string): Buffer {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  // Kept by the browser, which asks again before each use (decision 0034).
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers.etag).toMatch(/^"[\w-]{43}"$/);
  return res.rawPayload;
}

const successes = async (invoiceId: number) =>
  (
    await ctx.database.ownerDb.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'InvoiceDownload' and outcome = 'Success' and object_type = 'Invoice' and object_id = ${String(invoiceId)}`,
    )
  ).rows[0]!.n;

describe('Invoice/DownloadInvoiceFile', () => {
  it('Pdf: the summary, with the total the table shows', async () => {
    const bytes = expectFile(await file('Pdf'), PDF, `Factuur ${clientCode} 2026-03.pdf`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Spits',
      'Factuur',
      'Apotheek De Linde',
      clientCode,
      'maart 2026',
      'Totaal excl. btw',
      '€ 1.317,73',
      'Btw 9% over € 1.232,78',
      '€ 110,95',
      'Btw 21% over € 84,95',
      '€ 17,84',
      'Totaal incl. btw',
      '€ 1.446,52',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Baxterzakjes');
  });

  it('PdfDetails: every line, grouped by facility, with the same totals', async () => {
    const bytes = expectFile(await file('PdfDetails'), PDF, `Factuur ${clientCode} 2026-03 specificatie.pdf`);
    const text = (await pdfPages(bytes)).join('\n');
    for (const [, description] of march.lines) expect(text).toContain(description);
    expect(text).toContain('Afdeling: Woonzorgcentrum Élan');
    expect(text).toContain('€ 0,045');
    expect(text).toContain('1.234');
    expect(text).toContain('Subtotaal Thuiszorg Noord');
    expect(text).toContain('€ 1.177,25');
    expect(text).toContain('€ 1.446,52');
    // Facilities in Dutch order, the customer-wide lines last.
    const order = ['Afdeling: Thuiszorg Noord', 'Afdeling: Woonzorgcentrum Élan', 'Algemeen'].map((h) => text.indexOf(h));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('PdfDetails of a long invoice runs over several numbered pages', async () => {
    const bytes = expectFile(await file('PdfDetails', longInvoice.month), PDF, `Factuur ${clientCode} 2025-10 specificatie.pdf`);
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} van ${pages.length}`));
    const text = pages.join('\n');
    for (const [, description] of longInvoice.lines) expect(text).toContain(description);
    expect(text).toContain('(vervolg)');
    expect(text).toContain('€ 1.089,00');
  });

  it('Excel: the overview sheet holds the total as a number in euro format', async () => {
    const bytes = expectFile(await file('Excel'), XLSX, `Factuur ${clientCode} 2026-03.xlsx`);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = await readWorkbook(bytes);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Overzicht']);
    const sheet = workbook.getWorksheet('Overzicht')!;
    const values = sheet.getSheetValues().flat().filter((v) => typeof v === 'string');
    expect(values).toEqual(expect.arrayContaining(['Apotheek De Linde', clientCode, 'maart 2026']));
    const totalRow = sheet.getColumn(1).values.indexOf('Totaal');
    expect(totalRow).toBeGreaterThan(0);
    expect(cellNumber(sheet.getCell(totalRow, 2))).toBeCloseTo(1317.73, 2);
    expect(cellNumber(sheet.getCell(totalRow, 3))).toBeCloseTo(128.79, 2);
    expect(cellNumber(sheet.getCell(totalRow, 4))).toBeCloseTo(1446.52, 2);
    expect(sheet.getCell(totalRow, 4).numFmt).toContain('€');
  });

  it('ExcelDetails: a lines sheet with numbers and formulas, and the overview summing it', async () => {
    const bytes = expectFile(await file('ExcelDetails'), XLSX, `Factuur ${clientCode} 2026-03 specificatie.xlsx`);
    const workbook = await readWorkbook(bytes);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Overzicht', 'Specificatie']);
    const lines = workbook.getWorksheet('Specificatie')!;
    expect(lines.getRow(1).values).toEqual([undefined, 'Afdeling', 'Regel', 'Omschrijving', 'Aantal', 'Prijs per stuk', 'Btw-tarief', 'Bedrag excl. btw']);
    expect(lines.rowCount).toBe(march.lines.length + 2);
    const baxter = lines.getColumn(3).values.indexOf('Baxterzakjes, los');
    expect(lines.getCell(baxter, 1).value).toBe('Woonzorgcentrum Élan');
    expect(lines.getCell(baxter, 4).value).toBe(1234);
    expect(lines.getCell(baxter, 5).value).toBeCloseTo(0.045, 6);
    expect(lines.getCell(baxter, 6).value).toBeCloseTo(0.09, 6);
    expect(lines.getCell(baxter, 7).value).toEqual({ formula: `ROUND(D${baxter}*E${baxter},2)`, result: 55.53 });
    expect(lines.getCell(baxter, 7).numFmt).toContain('€');
    expect(cellNumber(lines.getCell(march.lines.length + 2, 7))).toBeCloseTo(1317.73, 2);

    const overview = workbook.getWorksheet('Overzicht')!;
    const totalRow = overview.getColumn(1).values.indexOf('Totaal');
    expect(cellNumber(overview.getCell(totalRow, 4))).toBeCloseTo(1446.52, 2);
    const nineRow = totalRow - 2;
    expect(overview.getCell(nineRow, 2).formula).toMatch(/^SUMIF\('Specificatie'!\$F\$2:\$F\$\d+,A\d+,'Specificatie'!\$G\$2:\$G\$\d+\)$/);
    expect(cellNumber(overview.getCell(nineRow, 2))).toBeCloseTo(1232.78, 2);
  });

  it('makes every file type of an invoice without lines', async () => {
    const pdf = (await pdfPages(expectFile(await file('PdfDetails', '2025-09-01'), PDF, `Factuur ${clientCode} 2025-09 specificatie.pdf`)))[0]!;
    expect(pdf).toContain('Deze factuur heeft geen regels.');
    expect(pdf).toContain('€ 0,00');
    for (const type of ['Excel', 'ExcelDetails']) {
      const workbook = await readWorkbook((await file(type, '2025-09-01')).rawPayload);
      const overview = workbook.getWorksheet('Overzicht')!;
      expect(cellNumber(overview.getCell(overview.getColumn(1).values.indexOf('Totaal'), 4))).toBe(0);
    }
  });

  it('the total in the table equals the total of the lines in every file', async () => {
    const row = (await call(ctx, calls.invoice.getInvoiceTable, { body: { search: 'maart' }, token })).json().items[0];
    expect(row.invoiceAmount).toBe(1446.52);
    expect((await pdfPages((await file('Pdf')).rawPayload))[0]).toContain('€ 1.446,52');
  });

  it('takes any day of the month and query names in any case', async () => {
    expectFile(await file('Pdf', '2026-03-17'), PDF, `Factuur ${clientCode} 2026-03.pdf`);
    const res = await get({ processedmonth: march.month, CLIENTCODE: clientCode, fileType: 'Excel' });
    expectFile(res, XLSX, `Factuur ${clientCode} 2026-03.xlsx`);
  });

  it('writes an audit row per download', async () => {
    const before = await successes(ids.march);
    await file('Pdf');
    await file('ExcelDetails');
    expect(await successes(ids.march)).toBe(before + 2);
    const last = await ctx.database.ownerDb.execute<{ details: { fileType: string }; account_id: number | null }>(
      sql`select details, account_id from audit_log where action = 'InvoiceDownload' order by id desc limit 1`,
    );
    expect(last.rows[0]).toMatchObject({ details: { fileType: 'ExcelDetails', processedMonth: march.month } });
    expect(last.rows[0]!.account_id).not.toBeNull();
  });

  it("answers 404 for another customer's invoice, whichever code or month is asked", async () => {
    const failuresBefore = (
      await ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'InvoiceDownload' and outcome = 'Failure'`)
    ).rows[0]!.n;
    for (const query of [
      { ProcessedMonth: march.month, ClientCode: otherCode, FileType: 'Pdf' },
      { ProcessedMonth: march.month, ClientCode: otherCode, FileType: 'ExcelDetails' },
      { ProcessedMonth: longInvoice.month, ClientCode: otherCode, FileType: 'Pdf' },
      { ProcessedMonth: '2024-01-01', ClientCode: clientCode, FileType: 'Pdf' },
      { ProcessedMonth: march.month, ClientCode: 'BESTAAT-NIET', FileType: 'Pdf' },
    ]) {
      expectProblem(await get(query), 404);
    }
    // The other customer gets its own, and not ours.
    expect((await get({ ProcessedMonth: march.month, ClientCode: otherCode, FileType: 'Pdf' }, otherToken)).statusCode).toBe(200);
    expectProblem(await get({ ProcessedMonth: march.month, ClientCode: clientCode, FileType: 'Pdf' }, otherToken), 404);
    const failuresAfter = (
      await ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'InvoiceDownload' and outcome = 'Failure'`)
    ).rows[0]!.n;
    expect(failuresAfter).toBe(failuresBefore + 6);
  });

  it.each([
    [{ ClientCode: 'x', FileType: 'Pdf' }, 'ProcessedMonth', validation.required],
    [{ ProcessedMonth: '2026-03-01', FileType: 'Pdf' }, 'ClientCode', validation.required],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'x' }, 'FileType', validation.required],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'x', FileType: '' }, 'FileType', validation.required],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'x', FileType: 'Word' }, 'FileType', validation.invalidValue],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'x', FileType: 'pdf' }, 'FileType', validation.invalidValue],
    [{ ProcessedMonth: '2026-13-01', ClientCode: 'x', FileType: 'Pdf' }, 'ProcessedMonth', validation.invalidDate],
    [{ ProcessedMonth: 'maart', ClientCode: 'x', FileType: 'Pdf' }, 'ProcessedMonth', validation.invalidDate],
    [{ ProcessedMonth: '2026-03-01', ClientCode: '   ', FileType: 'Pdf' }, 'ClientCode', validation.required],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'x'.repeat(51), FileType: 'Pdf' }, 'ClientCode', validation.tooLong(50)],
    [{ ProcessedMonth: '2026-03-01', ClientCode: 'T-\u0000', FileType: 'Pdf' }, 'ClientCode', validation.invalidValue],
  ])('refuses %j with a 400 on %s', async (query, field, message) => {
    expectFieldErrors(await get(query), field, [message]);
  });

  it('refuses a repeated parameter with a 400, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${download.path}?ProcessedMonth=2026-03-01&ProcessedMonth=2026-02-01&ClientCode=${clientCode}&FileType=Pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expectProblem(res, 400);
  });

  it('needs a token', async () => {
    expect((await get({ ProcessedMonth: march.month, ClientCode: clientCode, FileType: 'Pdf' }, null)).statusCode).toBe(401);
  });
});
