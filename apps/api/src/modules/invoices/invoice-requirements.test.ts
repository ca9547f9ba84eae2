import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { calls } from '@portal/contract';
import { call, createTestContext, type TestContext } from '../../test/harness.js';
import { pdfPages, readWorkbook } from '../../test/files.js';
import { invoiceCustomers, march } from './invoice-fixtures.js';
import { demoSupplier, isValidIban } from './supplier.js';

/**
 * What a Dutch invoice must carry (the Belastingdienst's list): a unique number, the invoice date, the
 * supplier's name, address, KvK and VAT numbers, the customer's name and address, the amounts excluding VAT
 * per rate, the VAT and the total; and how and by when to pay. In the PDF (tagged, in Dutch) and both XLSX files.
 */
let ctx: TestContext;
let token: string;
let clientCode: string;
let ids: { march: number; long: number };

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await invoiceCustomers(ctx);
  ({ token, ids } = made);
  clientCode = made.own.clientCode;
  await ctx.database.ownerDb.execute(
    sql`update clients set address = 'Dorpsstraat 7', postal_code = '8441 AB', city = 'Heerenveen' where id = ${made.own.id}`,
  );
  await ctx.database.ownerDb.execute(sql`
    update invoices set invoice_number = 'F2026-0311', invoice_date = '2026-02-27', due_date = '2026-03-13', payment_status = 'Paid'
    where client_id = ${made.own.id} and processed_month = '2026-02-01'`);
});
afterAll(async () => {
  await ctx?.close();
});

const file = async (FileType: string, ProcessedMonth = march.month) => {
  const res = await call(ctx, calls.invoice.downloadInvoiceFile, { query: { ProcessedMonth, ClientCode: clientCode, FileType }, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('an invoice as the Belastingdienst asks it', () => {
  it('the PDF names supplier, customer, number, dates, VAT per rate, totals and how to pay', async () => {
    const bytes = await file('Pdf');
    if (process.env.KEEP_INVOICE_PDF) await writeFile(process.env.KEEP_INVOICE_PDF, bytes);
    const text = (await pdfPages(bytes)).join('\n');
    for (const expected of [
      demoSupplier.name,
      'Handelsweg 12',
      '9201 AB Drachten',
      'KvK 12345678',
      'Btw-nummer NL001234567B01',
      'IBAN NL91 ABNA 0417 1643 00',
      'Aan',
      'Dorpsstraat 7',
      '8441 AB Heerenveen',
      'Factuurnummer',
      // No number of the provider's invoicing and no key: the year and the invoice's id.
      `2026-${String(ids.march).padStart(6, '0')}`,
      'Factuurdatum',
      '1 april 2026',
      'Vervaldatum',
      '1 mei 2026',
      'Btw 9% over € 1.232,78',
      'Btw 21% over € 84,95',
      'Totaal excl. btw',
      'Totaal incl. btw',
      '€ 1.446,52',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Wij verzoeken u het totaalbedrag van € 1.446,52 uiterlijk op 1 mei 2026 over te maken op NL91 ABNA 0417 1643 00 ten name van ${demoSupplier.name}`,
    );
  });

  it('takes the number, dates and payment of the provider\'s invoicing when it sent them', async () => {
    const text = (await pdfPages(await file('Pdf', '2026-02-01'))).join('\n');
    expect(text).toContain('F2026-0311');
    expect(text).toContain('27 februari 2026');
    expect(text).toContain('13 maart 2026');
    expect(text).toContain('Deze factuur is betaald.');
    expect(text).not.toContain('Wij verzoeken u');
  });

  it('the PDF is tagged: Dutch, a title, a structure of headings, paragraphs and tables, decoration as artifacts', async () => {
    const bytes = await file('PdfDetails');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/Lang \(nl-NL\)/);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
    try {
      expect((await pdf.getMarkInfo())?.Marked).toBe(true);
      const tree = await (await pdf.getPage(1)).getStructTree();
      const roles: string[] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const { role, children } = node as { role?: string; children?: unknown[] };
        if (role) roles.push(role);
        for (const child of children ?? []) walk(child);
      };
      walk(tree);
      for (const role of ['Document', 'H1', 'H2', 'H3', 'P', 'Table', 'TR', 'TH', 'TD']) expect(roles, role).toContain(role);
      expect((await pdf.getMetadata()).info).toMatchObject({ Title: expect.stringContaining('Factuurspecificatie') as string });
    } finally {
      await pdf.destroy();
    }
  });

  it.each(['Excel', 'ExcelDetails'])('%s names the same facts on its overview sheet', async (type) => {
    const workbook = await readWorkbook(await file(type));
    const overview = workbook.getWorksheet('Overzicht')!;
    const facts = new Map<string, string>();
    overview.eachRow((row) => {
      const [label, value] = [row.getCell(1).value, row.getCell(2).value];
      if (typeof label === 'string' && typeof value === 'string') facts.set(label, value);
    });
    expect(Object.fromEntries(facts)).toMatchObject({
      Leverancier: demoSupplier.name,
      KvK: '12345678',
      'Btw-nummer': 'NL001234567B01',
      IBAN: 'NL91 ABNA 0417 1643 00',
      Klantcode: clientCode,
      Factuurnummer: `2026-${String(ids.march).padStart(6, '0')}`,
      Factuurdatum: '1 april 2026',
      Vervaldatum: '1 mei 2026',
      Factuurmaand: 'maart 2026',
    });
    expect([...facts.values()]).toContain('Dorpsstraat 7, 8441 AB Heerenveen');
  });
});

describe('the supplier settings', () => {
  it('knows a valid IBAN from a mistyped one', () => {
    expect(isValidIban(demoSupplier.iban)).toBe(true);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
    expect(isValidIban('NL91')).toBe(false);
  });
});
