import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { LightMyRequestResponse } from 'fastify';
import { calls, downloadInvoiceBundle } from '@portal/contract';
import { withTenant } from '../../db/tenancy.js';
import { call, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { expectProblem } from '../../test/auth-helpers.js';
import { pdfPages } from '../../test/files.js';
import { createIntegration, sendBatch, type TestIntegration } from '../integration/test-support.js';
import { invoiceCustomers, march } from './invoice-fixtures.js';
import { renderKey } from './invoice-files.js';
import { demoSupplier } from './supplier.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
let own: TestCustomer;
let other: TestCustomer;
let ids: { march: number; long: number };
let erp: TestIntegration;

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await invoiceCustomers(ctx);
  ({ token, otherToken, ids, own, other } = made);
  erp = await createIntegration(ctx, ['customers', 'invoices']);
});
afterAll(async () => {
  await ctx?.close();
});

const download = (ProcessedMonth: string, FileType: string, headers: Record<string, string> = {}, bearer = token, ClientCode = own.clientCode) =>
  ctx.app.inject({
    method: 'GET',
    url: `${calls.invoice.downloadInvoiceFile.path}?${new URLSearchParams({ ProcessedMonth, ClientCode, FileType })}`,
    headers: { authorization: `Bearer ${bearer}`, ...headers },
  });

function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag as string;
  // The tag is the body's SHA-256, base64url, strong (quoted, no W/).
  expect(etag).toBe(`"${createHash('sha256').update(res.rawPayload).digest('base64url')}"`);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return { body: res.rawPayload, etag };
}

const kept = async (invoiceId: number, fileType?: string) =>
  (
    await ctx.database.ownerDb.execute<{ file_type: string; sha256: string; rendered_at: string }>(sql`
      select file_type, sha256, rendered_at::text from invoice_file_cache
      where invoice_id = ${invoiceId} ${fileType ? sql`and file_type = ${fileType}` : sql``} order by file_type`)
  ).rows;

const auditDetails = async (invoiceId: number) =>
  (
    await ctx.database.ownerDb.execute<{ details: Record<string, unknown> }>(sql`
      select details from audit_log where action = 'InvoiceDownload' and outcome = 'Success' and object_id = ${String(invoiceId)} order by id`)
  ).rows.map((r) => r.details);

/** An invoice of our customer sent through the integration door, as the provider's invoicing does. */
const erpInvoice = (lines: { description: string; quantity: number; unitPrice: number; vatRate: number }[]) => ({
  customer: own.clientCode,
  key: 'F-2025-08',
  processedMonth: '2025-08-01',
  amount: 121,
  lines,
});
const send = async (kind: 'invoices' | 'customers', rows: unknown[], path?: string) => {
  const res = await sendBatch(ctx, erp.token, kind, rows, path ? { path, query: 'confirmDeletes=true' } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { inserted: number; updated: number; unchanged: number; deleted: number };
};
const erpInvoiceId = async () =>
  (await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from invoices where client_id = ${own.id} and external_key = 'F-2025-08'`)).rows[0]?.id;

describe('invoice files rendered once and kept (decision 0034)', () => {
  it('the second download is the kept file: same bytes, same ETag, no new rendering', async () => {
    const first = expectOk(await download(march.month, 'PdfDetails'));
    const [row] = await kept(ids.march, 'PdfDetails');
    expect(row).toBeDefined();
    // Mark the kept bytes: a download that rendered again could not hand out the mark.
    const marked = Buffer.concat([first.body, Buffer.from('\n% kept\n')]);
    await ctx.database.ownerDb.execute(sql`
      update invoice_file_cache set content = ${marked}, sha256 = ${createHash('sha256').update(marked).digest('hex')}
      where invoice_id = ${ids.march} and file_type = 'PdfDetails'`);
    const second = expectOk(await download(march.month, 'PdfDetails'));
    expect(second.body.equals(marked)).toBe(true);
    expect(await kept(ids.march, 'PdfDetails')).toEqual([{ ...row, sha256: createHash('sha256').update(marked).digest('hex') }]);
    // Unmarked again, for the tests that follow.
    await ctx.database.ownerDb.execute(sql`update invoice_file_cache set content = ${first.body}, sha256 = ${row!.sha256} where invoice_id = ${ids.march} and file_type = 'PdfDetails'`);
    const third = expectOk(await download(march.month, 'PdfDetails'));
    expect(third).toEqual(first);
  });

  it('answers If-None-Match naming the file with 304 and no body, as a tag, in a list, weak or *; and traces it', async () => {
    const { etag } = expectOk(await download(march.month, 'Excel'));
    const before = (await auditDetails(ids.march)).length;
    for (const ifNoneMatch of [etag, `"elders", W/${etag}`, `W/"x",${etag} , "y"`, '*']) {
      const res = await download(march.month, 'Excel', { 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    // Another tag, a tag of another file type, or a header that is no list of tags: the file itself.
    const pdfTag = expectOk(await download(march.month, 'Pdf')).etag;
    // The last of 43 base64url characters carries two bits of nothing: the next letter there names the same bytes,
    // but is another tag.
    const sameBytes = `${etag.slice(0, -2)}${String.fromCharCode(etag.charCodeAt(etag.length - 2) + 1)}"`;
    for (const ifNoneMatch of ['"elders"', pdfTag, etag.slice(1, -1), '', `${etag.slice(0, -2)}"`, sameBytes]) {
      const res = await download(march.month, 'Excel', { 'if-none-match': ifNoneMatch });
      expect(expectOk(res).etag, ifNoneMatch).toBe(etag);
    }
    // A revalidated copy shows the invoice again: traced like a download, marked as revalidated.
    const details = (await auditDetails(ids.march)).slice(before);
    expect(details.filter((d) => d.revalidated === true && d.fileType === 'Excel')).toHaveLength(4);
    expect(details.filter((d) => d.revalidated === undefined && d.fileType === 'Excel')).toHaveLength(6);
  });

  it('a change through the integration door (lines, customer, deletion) makes a new file with a new ETag', async () => {
    const line = { description: 'Baxterrollen augustus', quantity: 10, unitPrice: 10, vatRate: 21 };
    expect(await send('invoices', [erpInvoice([line])])).toMatchObject({ inserted: 1 });
    const invoiceId = (await erpInvoiceId())!;
    const first = expectOk(await download('2025-08-01', 'PdfDetails'));
    const firstXlsx = expectOk(await download('2025-08-01', 'ExcelDetails'));
    const [row] = await kept(invoiceId, 'PdfDetails');

    // The same batch again changes nothing: the kept file stays, and so does its tag.
    expect(await send('invoices', [erpInvoice([line])])).toMatchObject({ unchanged: 1 });
    expect((await download('2025-08-01', 'PdfDetails', { 'if-none-match': first.etag })).statusCode).toBe(304);
    expect(await kept(invoiceId, 'PdfDetails')).toEqual([row]);

    // Another line: the browser's copy is stale, the file shows the line, and the kept row is replaced.
    const changed = [line, { description: 'Spoedlevering augustus', quantity: 1, unitPrice: 35, vatRate: 21 }];
    expect(await send('invoices', [{ ...erpInvoice(changed), amount: 163.35 }])).toMatchObject({ updated: 1 });
    const second = expectOk(await download('2025-08-01', 'PdfDetails', { 'if-none-match': first.etag }));
    expect(second.etag).not.toBe(first.etag);
    expect((await pdfPages(second.body)).join('\n')).toContain('Spoedlevering augustus');
    expect(await kept(invoiceId, 'PdfDetails')).toEqual([expect.objectContaining({ sha256: createHash('sha256').update(second.body).digest('hex') })]);
    expect(expectOk(await download('2025-08-01', 'ExcelDetails')).etag).not.toBe(firstXlsx.etag);

    // The customer's name on the invoice changes through the customers' import: every file of it is stale.
    expect(await send('customers', [{ code: own.clientCode, name: 'Apotheek De Linde en Zn.', kind: 'Pharmacy' }])).toMatchObject({ updated: 1 });
    const renamed = expectOk(await download('2025-08-01', 'PdfDetails', { 'if-none-match': second.etag }));
    expect(renamed.etag).not.toBe(second.etag);
    expect((await pdfPages(renamed.body)).join('\n')).toContain('Apotheek De Linde en Zn.');

    // Deleted by the provider: no file any more, not even for a browser holding one, and the kept ones are gone.
    expect(await send('invoices', [{ customer: own.clientCode, key: 'F-2025-08' }], '/delete')).toMatchObject({ deleted: 1 });
    expectProblem(await download('2025-08-01', 'PdfDetails', { 'if-none-match': renamed.etag }), 404);
    expect(await kept(invoiceId)).toEqual([]);
  });

  it('downloads at the same moment of a file not kept yet all succeed with one and the same file', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => download('2026-01-01', 'ExcelDetails')));
    const files = answers.map(expectOk);
    expect(new Set(files.map((f) => f.etag)).size).toBe(1);
    const invoiceId = (await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from invoices where client_id = ${own.id} and processed_month = '2026-01-01'`)).rows[0]!.id;
    expect(await kept(invoiceId, 'ExcelDetails')).toHaveLength(1);
  });

  it("another customer never gets our kept file, not even with our ETag, and cannot read the table's rows", async () => {
    const ours = expectOk(await download(march.month, 'Pdf'));
    expectProblem(await download(march.month, 'Pdf', { 'if-none-match': ours.etag }, otherToken), 404);
    expectProblem(await download(march.month, 'Pdf', { 'if-none-match': '*' }, otherToken), 404);
    const theirs = expectOk(await download(march.month, 'Pdf', { 'if-none-match': ours.etag }, otherToken, other.clientCode));
    expect(theirs.etag).not.toBe(ours.etag);
    expect((await pdfPages(theirs.body))[0]).toContain('Andere zorggroep');
    // Row-level security: in the other customer's transaction only its own rendering is there.
    const seen = await withTenant(ctx.database.db, other.id, async (tx) =>
      (await tx.execute<{ client_id: string }>(sql`select client_id from invoice_file_cache`)).rows,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.client_id === other.id)).toBe(true);
  });

  it('the ZIP holds the kept files, byte for byte the single downloads, and keeps what it rendered', async () => {
    // 2026-02 was never downloaded: the ZIP renders and keeps it, the single download afterwards serves the same.
    const res = await call(ctx, downloadInvoiceBundle, { query: { Period: '2026-02', FileTypes: 'Pdf,ExcelDetails' }, token });
    expect(res.statusCode, res.body).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    for (const fileType of ['Pdf', 'ExcelDetails']) {
      const single = await download('2026-02-01', fileType);
      const name = /filename="([^"]+)"/.exec(single.headers['content-disposition'] as string)![1]!;
      expect((await zip.file(name)!.async('nodebuffer')).equals(expectOk(single).body), name).toBe(true);
    }
  });

  it('a rendering is made for one supplier and layout: another supplier has another render key', () => {
    expect(renderKey(demoSupplier).equals(renderKey({ ...demoSupplier }))).toBe(true);
    expect(renderKey({ ...demoSupplier, iban: 'NL02 ABNA 0123 4567 89' }).equals(renderKey(demoSupplier))).toBe(false);
    expect(renderKey({ ...demoSupplier, paymentTermDays: 14 }).equals(renderKey(demoSupplier))).toBe(false);
  });
});
