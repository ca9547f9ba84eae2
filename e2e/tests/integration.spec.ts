import { readFile } from 'node:fs/promises';
import { ProviderSystem } from '../support/integration.js';
import { downloadInvoice } from '../support/files.js';
import { saveScreen } from '../support/screens.js';
import { dataTable, packingOrdersScreen, productsScreen, invoicesScreen, dutchMonth } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

test.describe("De gegevens van de leverancier komen binnen via de koppeling", () => {
  test('after an import the customer sees the new packing order, its changed status text, the new product and the new invoice with its file', async ({
    page,
    request,
    customer,
    customerLogin: _loggedIn,
  }, testInfo) => {
    const erp = await ProviderSystem.connect(request, `ERP ${customer.code}`);
    await erp.send('departments', [{ customer: customer.code, key: 'AFD-1', name: 'Afdeling Korenbloem' }]);
    const order = { customer: customer.code, key: 'PO-1', department: 'AFD-1', patientCount: 14, bagCount: 98, status: 'InProduction', statusText: 'In productie, lijn 2', orderDate: '2026-11-23' };
    await erp.send('packing-orders', [order]);
    await erp.send('products', [
      { key: `ART-${customer.code}`, ziNumber: '14325950', gpk: '2194', hpk: '1044725', longName: `Koppelingstablet ${customer.code} 10mg`, dtaDescription: 'wit', splitDescription: 'deelbaar', packaging: 'blister' },
      // The ERP's own words for "not to be halved", said explicitly: the pharmacist must read Nee (issue 29.8).
      { key: `ART-${customer.code}-N`, ziNumber: '14325951', gpk: '2195', hpk: '1044726', longName: `Heeltablet ${customer.code} 5mg`, dtaDescription: 'geel', splitDescription: 'Niet delen', canBeHalved: false, packaging: 'blister' },
    ]);
    await erp.send('assortment', [
      { customer: customer.code, product: `ART-${customer.code}` },
      { customer: customer.code, product: `ART-${customer.code}-N` },
    ]);
    await erp.send('invoices', [{ customer: customer.code, key: 'F-1', processedMonth: '2026-10-01', amount: 109, paymentStatus: 'Paid', lines: [{ department: 'AFD-1', description: 'Rollen', quantity: 10, unitPrice: 10, vatRate: 9 }] }]);
    const ownPdf = Buffer.from('%PDF-1.7\n% eigen factuur van de leverancier\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await erp.putInvoiceFile(customer.code, 'F-1', 'Pdf', ownPdf);

    await page.goto(packingOrdersScreen.path);
    await expectScreen(page, packingOrdersScreen.title);
    const orders = dataTable(page, packingOrdersScreen);
    await expect(orders.getByRole('row').filter({ hasText: 'Afdeling Korenbloem' })).toContainText('In productie, lijn 2');
    await saveScreen(page, testInfo, 'integration-packing-order');

    await erp.send('packing-orders', [{ ...order, status: 'Shipped', statusText: 'Onderweg met rit 4' }]);
    await page.reload();
    await expect(orders.getByRole('row').filter({ hasText: 'Afdeling Korenbloem' })).toContainText('Onderweg met rit 4');

    await page.goto(productsScreen.path);
    await expectScreen(page, productsScreen.title);
    await expect(dataTable(page, productsScreen).getByRole('row').filter({ hasText: `Koppelingstablet ${customer.code} 10mg` })).toBeVisible();
    const whole = dataTable(page, productsScreen).getByRole('row').filter({ hasText: `Heeltablet ${customer.code} 5mg` });
    await expect(whole.getByRole('cell').nth(5)).toHaveText('Nee');
    await expect(dataTable(page, productsScreen).getByRole('row').filter({ hasText: `Koppelingstablet ${customer.code} 10mg` }).getByRole('cell').nth(5)).toHaveText('Ja');

    await page.goto(invoicesScreen.path);
    await expectScreen(page, invoicesScreen.title);
    // The invoicing said it is paid: the list has a column for it.
    await expect(dataTable(page, invoicesScreen).getByRole('row').filter({ hasText: dutchMonth('2026-10-01') })).toContainText('Betaald');
    const download = await downloadInvoice(page, page, dutchMonth('2026-10-01'), 'PDF');
    const saved = testInfo.outputPath('factuur.pdf');
    await download.saveAs(saved);
    expect((await readFile(saved)).equals(ownPdf)).toBe(true);
    await saveScreen(page, testInfo, 'integration-invoices');
  });
});
