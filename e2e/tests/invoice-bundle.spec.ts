import { readFile } from 'node:fs/promises';
import type { InvoiceRow } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { horizontalOverflow } from '../support/customers.js';
import { chooseOption } from '../support/report-forms.js';
import { saveScreen } from '../support/screens.js';
import { defaultRequest, dutchMonthName, invoicesScreen } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

/** The names of a ZIP's entries, read from its local file headers (signature, …, name length at 26, name at 30). */
function zipEntryNames(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let at = bytes.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = bytes.indexOf('PK\x03\x04', at + 30, 'latin1')) {
    const length = bytes.readUInt16LE(at + 26);
    names.push(bytes.subarray(at + 30, at + 30 + length).toString('utf8'));
  }
  return names;
}

test.describe('Facturen downloaden als ZIP', () => {
  test('a month in two file types downloads as one ZIP named after the customer and the month', async ({ page, demoAdministratorLogin: { api } }, testInfo) => {
    const { items } = await api.table<InvoiceRow>(invoicesScreen.call, defaultRequest(invoicesScreen));
    const newest = items[0]!;
    const [year, month] = newest.processedMonth.split('-') as [string, string];

    await page.goto('/invoices');
    await expectScreen(page, 'Facturen');
    await page.getByRole('button', { name: 'Facturen downloaden als ZIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Facturen downloaden als ZIP' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Maand' }).check();
    await chooseOption(dialog, 'Maand', dutchMonthName(newest.processedMonth));
    await chooseOption(dialog, 'Jaar', year);
    await dialog.getByRole('checkbox', { name: 'Excel specificatie', exact: true }).check();
    await expect(dialog.getByRole('checkbox', { name: 'PDF', exact: true })).toBeChecked();
    await saveScreen(page, testInfo, 'invoice-bundle-dialog');
    await expectNoSeriousA11yViolations(page, '/invoices ZIP dialog');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Downloaden' }).click()]);
    const zipName = `Facturen ${newest.clientCode} ${year}-${month}.zip`;
    expect(download.suggestedFilename()).toBe(zipName);
    const saved = testInfo.outputPath(zipName);
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(zipEntryNames(bytes)).toEqual([
      `Factuur ${newest.clientCode} ${year}-${month}.pdf`,
      `Factuur ${newest.clientCode} ${year}-${month} specificatie.xlsx`,
    ]);
    await expect(dialog.getByRole('status')).toHaveText(`‘${zipName}’ is gedownload.`);
    await saveScreen(page, testInfo, 'invoice-bundle-done');
  });

  test.describe('a period without invoices', () => {
    test.use({ expectedApiStatuses: [422] });

  test('a year without invoices says so and downloads nothing; the dialog fits a phone', async ({ page, customerLogin: _ }, testInfo) => {
    // A fresh customer has no invoices at all.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/invoices');
    await expectScreen(page, 'Facturen');
    await page.getByRole('button', { name: 'Facturen downloaden als ZIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Facturen downloaden als ZIP' });
    await dialog.getByRole('radio', { name: 'Jaar' }).check();
    expect(await horizontalOverflow(page), 'the dialog fits a phone').toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'phone-invoice-bundle-dialog');
    await expectNoSeriousA11yViolations(page, '/invoices ZIP dialog at phone width');
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await dialog.getByRole('button', { name: 'Downloaden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Er zijn geen facturen in deze periode. Kies een andere periode.');
    await saveScreen(page, testInfo, 'phone-invoice-bundle-empty');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toBeHidden();
    expect(downloads).toBe(0);
  });
  });
});
