import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { calls, exportColumns, exportRowsHeader, myRequestCalls, type CallDefinition, type ExportTable } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { horizontalOverflow } from '../support/customers.js';
import { readWorkbook } from '../support/files.js';
import { saveScreen } from '../support/screens.js';
import { dutchInteger, searchBox } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

interface Screen {
  key: Exclude<ExportTable, 'accessLog'>;
  path: string;
  title: string;
  tableCall: CallDefinition;
  format: 'Csv' | 'Xlsx';
}

// Every table of the portal, each exported once as CSV or Excel.
const screens: Screen[] = [
  { key: 'drugs', path: '/products', title: 'Assortiment Overzicht', tableCall: calls.assortment.getDrugTable, format: 'Xlsx' },
  { key: 'packingOrders', path: '/packing-order', title: 'Inpakopdrachten', tableCall: calls.packingOrder.getOrderFulfillmentsTable, format: 'Csv' },
  { key: 'deliverySchedules', path: '/calendar', title: 'Leveringsafspraken', tableCall: calls.deliverySchedule.getOrderFulfillmentSchedulesTable, format: 'Xlsx' },
  { key: 'invoices', path: '/invoices', title: 'Facturen', tableCall: calls.invoice.getInvoiceTable, format: 'Csv' },
  { key: 'serviceProductOrders', path: '/orders', title: 'Bestellingen', tableCall: calls.serviceProductOrder.getServiceProductOrderTable, format: 'Xlsx' },
  { key: 'pharmacists', path: '/pharmacists', title: 'Medewerkers', tableCall: calls.pharmacist.getPharmacistTable, format: 'Csv' },
  { key: 'myRequests', path: '/mijn-aanvragen', title: 'Mijn aanvragen en meldingen', tableCall: myRequestCalls.getMyRequestTable, format: 'Xlsx' },
];

/** Exporteren → the format; answers the browser's download and the rows the server announced. */
async function exportFrom(page: Page, format: 'Csv' | 'Xlsx'): Promise<{ download: Download; announced: number }> {
  const answer = page.waitForResponse((response) => response.url().includes('/api/portal/Export/') || response.url().includes('/AccessLog/ExportAccessLog'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
  await page.getByRole('menuitem', { name: format === 'Csv' ? /CSV/ : /Excel/ }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return { download: await download, announced: Number(response.headers()[exportRowsHeader.toLowerCase()]) };
}

/**
 * The records of a CSV text: split at each CRLF outside quotes, so that a line break inside an answer's text
 * (quoted, RFC 4180) stays part of its record.
 */
function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text.startsWith('\r\n', i)) {
      records.push(text.slice(start, i));
      start = i + 2;
      i += 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** The data rows of a downloaded file: CSV records after the header, or the sheet's rows after its header. */
async function fileRows(download: Download, path: string, format: 'Csv' | 'Xlsx'): Promise<{ header: string[]; rows: number }> {
  await download.saveAs(path);
  const bytes = await readFile(path);
  if (format === 'Csv') {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = csvRecords(bytes.subarray(3).toString('utf8'));
    return { header: records[0]!.split(';'), rows: records.length - 1 };
  }
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const sheet = (await readWorkbook(bytes)).worksheets[0]!;
  return { header: (sheet.getRow(1).values as unknown[]).slice(1).map(String), rows: sheet.rowCount - 1 };
}

test.describe('Exporteren', () => {
  // One account runs one export at a time (ExportSlots): these tests export as the same demo account, one after another.
  test.describe.configure({ mode: 'serial' });
  test('every table exports all its rows as CSV or Excel under its own name', async ({ page, demoAdministratorLogin: { api } }, testInfo) => {
    for (const screen of screens) {
      await test.step(screen.title, async () => {
        const { total } = await api.table(screen.tableCall, { page: 1, rowsPerPage: 5, search: '' } as never);
        await page.goto(screen.path);
        await expectScreen(page, screen.title);
        const { download, announced } = await exportFrom(page, screen.format);
        expect(announced).toBe(total);
        expect(download.suggestedFilename()).toMatch(new RegExp(`-\\d{4}-\\d{2}-\\d{2}\\.${screen.format === 'Csv' ? 'csv' : 'xlsx'}$`));
        const file = await fileRows(download, testInfo.outputPath(download.suggestedFilename()), screen.format);
        expect(file.header).toEqual(exportColumns[screen.key].map((c) => c.header));
        expect(file.rows).toBe(total);
        await expect(page.getByRole('alert').filter({ hasText: download.suggestedFilename() })).toContainText('is gedownload');
      });
    }
  });

  test("the file follows the table's search, and the screen says what it saved", async ({ page, demoAdministratorLogin: { api } }, testInfo) => {
    await page.goto('/packing-order');
    await expectScreen(page, 'Inpakopdrachten');
    const searched = page.waitForResponse((response) => response.url().endsWith(calls.packingOrder.getOrderFulfillmentsTable.path) && response.request().postDataJSON()?.search === 'noord');
    await searchBox(page).fill('noord');
    await searchBox(page).press('Enter');
    const total = ((await (await searched).json()) as { total: number }).total;
    const all = await api.table(calls.packingOrder.getOrderFulfillmentsTable, { sortBy: 'orderDate', descending: true, page: 1, rowsPerPage: 5, search: '' });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all.total);

    const { download, announced } = await exportFrom(page, 'Csv');
    expect(announced).toBe(total);
    const file = await fileRows(download, testInfo.outputPath('noord.csv'), 'Csv');
    expect(file.rows).toBe(total);
    const done = page.getByRole('alert').filter({ hasText: 'is gedownload' });
    await expect(done).toHaveText(`${download.suggestedFilename()} is gedownload (${dutchInteger(total)} rijen).`);
    await saveScreen(page, testInfo, 'desktop-export-done');
    await expectNoSeriousA11yViolations(page, 'a table after its export');
  });

  test('on a phone the export shows how far it is, fits the screen and can be stopped', async ({ page, demoAdministratorLogin: _ }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The server's answer is held back until the test has looked at the running export; then it is let through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked!: () => void;
    const exportAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route('**/api/portal/Export/**', async (route) => {
      asked();
      await released;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/calendar');
    await expectScreen(page, 'Leveringsafspraken');
    await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    await exportAsked;
    await expect(page.getByRole('status').filter({ hasText: 'Exporteren…' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Export van Leveringsafspraken' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'phone-export-running');
    await expectNoSeriousA11yViolations(page, 'a running export on a phone');

    await page.getByRole('button', { name: 'Afbreken', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'De export is afgebroken.' })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Exporteren', exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'phone-export-cancelled');
  });
});
