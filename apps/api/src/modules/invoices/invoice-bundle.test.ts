import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { calls, downloadInvoiceBundle, invoiceBundleText, validation } from '@portal/contract';
import { invoiceFiles } from '../../db/schema.js';
import { call, createTestContext, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { insertInvoice, invoiceCustomers } from './invoice-fixtures.js';

let ctx: TestContext;
let token: string;
let otherToken: string;
let clientCode: string;
let otherCode: string;
let ids: { march: number; long: number };
/** The provider's own PDF of the March invoice: the ZIP must carry it, not a rendering. */
const providedPdf = Buffer.from('%PDF-1.7\n% de factuur zoals de leverancier hem stuurde\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await invoiceCustomers(ctx);
  ({ token, otherToken, ids } = made);
  clientCode = made.own.clientCode;
  otherCode = made.other.clientCode;
  await insertInvoice(ctx, made.own, { month: '2024-06-01', amount: '0.00', lines: [] });
  await ctx.database.ownerDb.insert(invoiceFiles).values({
    customerId: made.own.id,
    invoiceId: ids.march,
    fileType: 'Pdf',
    mediaType: 'application/pdf',
    content: providedPdf,
    sha256: createHash('sha256').update(providedPdf).digest('hex'),
  });
});
afterAll(async () => {
  await ctx?.close();
});

const bundle = (query: Record<string, string | string[]>, bearer: string | null = token) =>
  call(ctx, downloadInvoiceBundle, { query: query as Record<string, string>, token: bearer ?? undefined });
const single = (ProcessedMonth: string, FileType: string) =>
  call(ctx, calls.invoice.downloadInvoiceFile, { query: { ProcessedMonth, ClientCode: clientCode, FileType }, token });
const fileNameOf = (disposition: string | undefined) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

async function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const entries = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) entries.set(entry.name, await entry.async('nodebuffer'));
  return entries;
}

const auditRows = async (where: ReturnType<typeof sql>) =>
  (
    await ctx.database.ownerDb.execute<{ object_id: string | null; outcome: string; details: Record<string, unknown> }>(
      sql`select object_id, outcome, details from audit_log where action = 'InvoiceDownload' and ${where} order by id`,
    )
  ).rows;

describe('Invoice/DownloadInvoiceBundle (ours, not the spec)', () => {
  it('a quarter in every file type: one ZIP, its files named and made exactly as the single downloads', async () => {
    // Rendered files carry their moment of making: the ZIP and the single downloads are alike because both hand out
    // the rendering kept at the first (decision 0034), not because the clock stands still.
    const res = await bundle({ Period: '2026-Q1', FileTypes: 'Pdf,PdfDetails,Excel,ExcelDetails' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(fileNameOf(res.headers['content-disposition'])).toBe(`Facturen ${clientCode} 2026-Q1.zip`);
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed: its length is not known before its end.
    expect(res.headers['content-length']).toBeUndefined();
    const entries = await entriesOf(res.rawPayload);

    const expected: string[] = [];
    for (const month of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      for (const fileType of ['Pdf', 'PdfDetails', 'Excel', 'ExcelDetails']) {
        const one = await single(month, fileType);
        expect(one.statusCode, one.body).toBe(200);
        const name = fileNameOf(one.headers['content-disposition'])!;
        expected.push(name);
        expect(entries.get(name)?.equals(one.rawPayload), name).toBe(true);
      }
    }
    expect([...entries.keys()]).toEqual(expected);
    expect(expected).toContain(`Factuur ${clientCode} 2026-03 specificatie.xlsx`);
    expect(entries.get(`Factuur ${clientCode} 2026-03.pdf`)?.equals(providedPdf)).toBe(true);
  });

  it('writes the audit row of a single download for every file in the ZIP, marked with its period', async () => {
    const res = await bundle({ Period: '2026-03', FileTypes: 'Excel,Pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect([...(await entriesOf(res.rawPayload)).keys()]).toEqual([`Factuur ${clientCode} 2026-03.pdf`, `Factuur ${clientCode} 2026-03.xlsx`]);
    const rows = await auditRows(sql`details->>'bundle' = '2026-03'`);
    expect(rows).toEqual([
      { object_id: String(ids.march), outcome: 'Success', details: { processedMonth: '2026-03-01', fileType: 'Pdf', source: 'provider', bundle: '2026-03' } },
      { object_id: String(ids.march), outcome: 'Success', details: { processedMonth: '2026-03-01', fileType: 'Excel', source: 'rendered', bundle: '2026-03' } },
    ]);
  });

  it('a year: every invoice of the year, oldest first; the file types as a list or the parameter repeated', async () => {
    // Parameter names in any case, as an ASP.NET server takes them.
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${downloadInvoiceBundle.path}?period=2025&filetypes=PdfDetails&filetypes=Pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe(`Facturen ${clientCode} 2025.zip`);
    const names = [...(await entriesOf(res.rawPayload)).keys()];
    expect(names).toEqual(
      ['2025-10', '2025-11', '2025-12'].flatMap((month) => [`Factuur ${clientCode} ${month}.pdf`, `Factuur ${clientCode} ${month} specificatie.pdf`]),
    );
  });

  it('a period without invoices is a 422 with a Dutch message and a refusal in the trail, never an empty ZIP', async () => {
    for (const Period of ['2023', '2026-04', '2024-Q3']) {
      const res = await bundle({ Period, FileTypes: 'Pdf' });
      expect(expectProblem(res, 422).title).toBe(invoiceBundleText.noInvoices);
    }
    const refused = await auditRows(sql`outcome = 'Failure' and details->>'period' = '2023'`);
    expect(refused).toEqual([{ object_id: null, outcome: 'Failure', details: { reason: 'no-invoices', period: '2023', fileTypes: ['Pdf'] } }]);
  });

  it('holds only the own customer’s invoices: another customer gets its own March, and nothing of ours', async () => {
    const res = await bundle({ Period: '2026-Q1', FileTypes: 'Pdf' }, otherToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe(`Facturen ${otherCode} 2026-Q1.zip`);
    const entries = await entriesOf(res.rawPayload);
    expect([...entries.keys()]).toEqual([`Factuur ${otherCode} 2026-03.pdf`]);
    expect(entries.get(`Factuur ${otherCode} 2026-03.pdf`)?.equals(providedPdf)).toBe(false);
    // A year in which only we have invoices is empty for them.
    expectProblem(await bundle({ Period: '2025', FileTypes: 'Pdf' }, otherToken), 422);
  });

  it('over a real connection: a client that breaks off after the first bytes ends the ZIP, and the server goes on', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${downloadInvoiceBundle.path}?Period=2025&FileTypes=Pdf,PdfDetails,Excel,ExcelDetails`;
    const firstBytes = await new Promise<Buffer>((resolve, reject) => {
      const request = get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk);
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(firstBytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    // The server is free for the next download, which is whole.
    const next = await fetch(`${address}${downloadInvoiceBundle.path}?Period=2025-12&FileTypes=Pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(next.status).toBe(200);
    expect([...(await entriesOf(Buffer.from(await next.arrayBuffer()))).keys()]).toEqual([`Factuur ${clientCode} 2025-12.pdf`]);
    const traced = await auditRows(sql`details->>'bundle' = '2025'`);
    expect(traced.length).toBeGreaterThanOrEqual(1);
    // Broken off: not every file of the year was made, and each made file left its row.
    expect(traced.length).toBeLessThan(12);
  });

  it('refuses what is not a period or a file type with 400 and the Dutch message on the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodRequired],
      [{ Period: ' ', FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodRequired],
      [{ Period: 'maart 2026', FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodInvalid],
      [{ Period: '2026-13', FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodInvalid],
      [{ Period: '2026-Q5', FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodInvalid],
      [{ Period: '1999', FileTypes: 'Pdf' }, 'Period', invoiceBundleText.periodInvalid],
      [{ Period: '2026-03' }, 'FileTypes', invoiceBundleText.fileTypesRequired],
      [{ Period: '2026-03', FileTypes: ' , ' }, 'FileTypes', invoiceBundleText.fileTypesRequired],
      [{ Period: '2026-03', FileTypes: 'Pdf,Word' }, 'FileTypes', validation.invalidValue],
    ];
    for (const [query, field, message] of cases) expectFieldErrors(await bundle(query), field, [message]);
  });

  it('needs a token', async () => {
    expectProblem(await bundle({ Period: '2026-03', FileTypes: 'Pdf' }, null), 401);
  });
});
