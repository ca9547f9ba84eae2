import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, integrationBasePath } from '@portal/contract';
import { call, createAccount, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';

let ctx: TestContext;
let erp: TestIntegration;
let customerToken: string;
const CUSTOMER = 'FILES-001';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const put = (path: string, body: Buffer, token = erp.token) =>
  ctx.app.inject({ method: 'PUT', url: `${integrationBasePath}/invoices/${path}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, payload: body });
const download = (fileType: string) =>
  call(ctx, calls.invoice.downloadInvoiceFile, { token: customerToken, query: { ProcessedMonth: '2026-10-01', ClientCode: CUSTOMER, FileType: fileType } });

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers', 'departments', 'invoices']);
  await sendBatch(ctx, erp.token, 'customers', [{ code: CUSTOMER, name: 'Apotheek Bestand', kind: 'Pharmacy' }]);
  await sendBatch(ctx, erp.token, 'invoices', [{ customer: CUSTOMER, key: 'F-10', processedMonth: '2026-10-01', amount: 10.9, lines: [{ description: 'Rollen', quantity: 1, unitPrice: 10, vatRate: 9 }] }]);
  const [client] = (await ctx.database.ownerDb.execute<{ id: string }>(sql`select id from clients where client_code = ${CUSTOMER}`)).rows;
  const account = await createAccount(ctx, { id: client!.id, clientCode: CUSTOMER } as TestCustomer);
  customerToken = (await login(ctx, account)).accessToken;
});
afterAll(() => ctx.close());

describe("the provider's own invoice files", () => {
  it('are served to the customer instead of the rendered file, and removing one renders it again', async () => {
    const rendered = await download('Pdf');
    expect(rendered.statusCode).toBe(200);
    expect(rendered.rawPayload.equals(pdf)).toBe(false);

    const stored = await put(`${CUSTOMER}/F-10/files/Pdf`, pdf);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ fileType: 'Pdf', bytes: pdf.length });
    const served = await download('Pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('Factuur FILES-001 2026-10.pdf');
    const [trace] = (await ctx.database.ownerDb.execute<{ details: unknown }>(sql`select details from audit_log where action = 'InvoiceDownload' order by id desc limit 1`)).rows;
    expect(trace?.details).toMatchObject({ source: 'provider' });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `${integrationBasePath}/invoices/${CUSTOMER}/F-10/files/Pdf`, headers: { authorization: `Bearer ${erp.token}` } });
    expect(removed.statusCode).toBe(204);
    expect((await download('Pdf')).rawPayload.equals(pdf)).toBe(false);
  });

  it('takes an XLSX for the spreadsheet types, decided by the bytes', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Factuur').addRow(['Eigen factuur van de leverancier']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await put(`${CUSTOMER}/F-10/files/ExcelDetails`, xlsx)).statusCode).toBe(200);
    expect((await download('ExcelDetails')).rawPayload.equals(xlsx)).toBe(true);
    expect((await put(`${CUSTOMER}/F-10/files/Excel`, pdf)).statusCode).toBe(415);
    expect((await put(`${CUSTOMER}/F-10/files/Pdf`, xlsx)).statusCode).toBe(415);
  });

  it('refuses an unknown invoice, customer or file type, an empty file and a token without the invoices scope', async () => {
    expect((await put(`${CUSTOMER}/F-NOPE/files/Pdf`, pdf)).statusCode).toBe(404);
    expect((await put(`NOPE/F-10/files/Pdf`, pdf)).statusCode).toBe(404);
    expect((await put(`${CUSTOMER}/F-10/files/Word`, pdf)).statusCode).toBe(400);
    expect((await put(`${CUSTOMER}/F-10/files/Pdf`, Buffer.alloc(0))).statusCode).toBe(400);
    const other = await createIntegration(ctx, ['customers']);
    expect((await put(`${CUSTOMER}/F-10/files/Pdf`, pdf, other.token)).statusCode).toBe(403);
  });
});
