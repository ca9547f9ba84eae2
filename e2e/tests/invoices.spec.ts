import { readFile } from 'node:fs/promises';
import type { InvoiceRow } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { PortalApi } from '../support/api.js';
import { downloadInvoice, invoiceFileName, invoiceFiles, numbersOfRow, pdfText, readWorkbook } from '../support/files.js';
import { dataTable, defaultRequest, dutchEuro, dutchMonth, expectRows, invoicesScreen, squash } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

test.describe('Facturen downloaden', () => {
  test('each of the four files of the newest invoice downloads under its own name, and is a PDF or workbook with the total', async ({
    page,
    demoAdministratorLogin: { api },
  }, testInfo) => {
    const { items } = await api.table<InvoiceRow>(invoicesScreen.call, defaultRequest(invoicesScreen));
    const newest = items[0]!;
    expect(newest.invoiceAmount).toBeGreaterThan(0);

    await page.goto('/invoices');
    await expectScreen(page, 'Facturen');
    await expectRows(dataTable(page, invoicesScreen), invoicesScreen, items);
    const amount = squash(dutchEuro(newest.invoiceAmount));

    for (const file of invoiceFiles) {
      await test.step(file.kind, async () => {
        const button = page.getByRole('button', { name: `Factuur ${dutchMonth(newest.processedMonth)} downloaden`, exact: true });
        const download = await downloadInvoice(page, page, dutchMonth(newest.processedMonth), file.button);
        const name = invoiceFileName(newest.clientCode, newest.processedMonth, file);
        expect(download.suggestedFilename()).toBe(name);
        const saved = testInfo.outputPath(name);
        await download.saveAs(saved);
        const bytes = await readFile(saved);
        await expect(button).toBeEnabled();

        if (file.extension === 'pdf') {
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          const text = squash(await pdfText(bytes));
          expect(text).toContain(newest.clientCode);
          expect(text).toContain(dutchMonth(newest.processedMonth));
          expect(text).toContain(amount);
          expect(text).toContain(squash(newest.invoiceNumber));
          expect(text).toContain('Factuurdatum');
          expect(text).toContain('Btw-nummer');
        } else {
          expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
          const workbook = await readWorkbook(bytes);
          // The overview first; the specification adds a sheet of the invoice's lines.
          expect(workbook.worksheets).toHaveLength(file.details ? 2 : 1);
          const overview = workbook.worksheets[0]!;
          const strings = overview.getSheetValues().flat().filter((v) => typeof v === 'string');
          expect(strings).toContain(newest.clientCode);
          // Totaal: excluding VAT, the VAT, and including VAT, which is the amount the table shows.
          const total = numbersOfRow(overview, 'Totaal');
          expect(total.length, 'the overview has a row Totaal with amounts').toBeGreaterThan(0);
          expect(total.at(-1)).toBeCloseTo(newest.invoiceAmount, 2);
          // The specification's sheet has a row per invoice line beneath its header.
          expect(workbook.worksheets.slice(1).map((sheet) => sheet.rowCount > 2)).toEqual(file.details ? [true] : []);
        }
      });
    }

    await test.step('the same file again: the browser revalidates its copy (decision 0034) and saves the same bytes', async () => {
      const pdf = invoiceFiles[0]!;
      const name = invoiceFileName(newest.clientCode, newest.processedMonth, pdf);
      const asked = page.waitForEvent('requestfinished', (request) => request.url().includes('DownloadInvoiceFile'));
      const download = await downloadInvoice(page, page, dutchMonth(newest.processedMonth), pdf.button);
      const request = await asked;
      const etag = (await request.response())?.headers().etag;
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      // Chromium asks with the tag of the copy it keeps; the server's 304 reaches the web app as that copy.
      expect((await request.allHeaders())['if-none-match']).toBe(etag);
      const again = testInfo.outputPath(`again-${name}`);
      await download.saveAs(again);
      expect((await readFile(again)).equals(await readFile(testInfo.outputPath(name)))).toBe(true);
    });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("another customer's invoice file is not found, even for a month it has an invoice", async ({ request }) => {
    const own = await PortalApi.login(request, demo.administrator.email, demo.password);
    const other = await PortalApi.login(request, demo.otherCustomerEmployee.email, demo.password);
    const [theirs] = (await other.table<InvoiceRow>(invoicesScreen.call, defaultRequest(invoicesScreen))).items;
    expect(theirs, 'the other demo customer has invoices').toBeTruthy();
    const [ours] = (await own.table<InvoiceRow>(invoicesScreen.call, defaultRequest(invoicesScreen))).items;
    expect(theirs!.clientCode).not.toBe(ours!.clientCode);

    for (const { kind } of invoiceFiles) {
      const query = { ProcessedMonth: theirs!.processedMonth, ClientCode: theirs!.clientCode, FileType: kind };
      expect((await other.downloadInvoiceFile(query)).status(), `${kind} for its own customer`).toBe(200);
      const refused = await own.downloadInvoiceFile(query);
      expect(refused.status(), `${kind} of another customer`).toBe(404);
      expect(refused.headers()['content-disposition']).toBeUndefined();
    }
  });
});
