import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { calls, type AssortmentRow, type InvoiceRow } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { downloadInvoice, invoiceFileName, invoiceFiles } from '../support/files.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import {
  dataList,
  dataTable,
  defaultRequest,
  deliverySchedulesScreen,
  dutchMonth,
  expectListRows,
  fold,
  invoicesScreen,
  nextTableRequest,
  packingOrdersScreen,
  productsScreen,
  searchBox,
} from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

// A small phone: the narrowest width the screens are made for.
test.use({ viewport: { width: 375, height: 812 } });

/** Nothing sticks out sideways: the page needs no horizontal scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function login(page: Page) {
  const session = await loginViaApi(page, demo.administrator.email, demo.password);
  return new PortalApi(page.request, session.accessToken);
}

test.describe('Telefoon (375 px): lijsten', () => {
  test('the products list: rows as cards, the sort select and the search', async ({ page }, testInfo) => {
    const api = await login(page);
    const screen = productsScreen;
    await page.goto(screen.path);
    await expectScreen(page, screen.title);
    const list = dataList(page, screen);
    await expect(dataTable(page, screen)).toHaveCount(0);
    await expectListRows(list, screen, (await api.table<AssortmentRow>(screen.call, defaultRequest(screen))).items);
    await expectNoSidewaysScroll(page);
    await saveScreen(page, testInfo, 'mobile-products');
    await expectNoSeriousA11yViolations(page, '/products on a phone');

    // The sort of the headers, as a select.
    const descending = { ...defaultRequest(screen), descending: true };
    const sortSent = nextTableRequest(page, screen.call, (body) => body.descending);
    await page.getByRole('combobox', { name: 'Sorteren op' }).selectOption({ label: 'Naam (aflopend)' });
    expect(await sortSent).toEqual(descending);
    await expectListRows(list, screen, (await api.table<AssortmentRow>(screen.call, descending)).items);

    const all = await api.allRows<AssortmentRow>(screen.call, { sortBy: 'longName', descending: false });
    const fragment = fold(all[0]!.longName.split(' ')[0]!).slice(0, 5);
    const searched = { ...descending, search: fragment };
    const found = await api.table<AssortmentRow>(screen.call, searched);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.length);
    const searchSent = nextTableRequest(page, screen.call, (body) => body.search === fragment);
    await searchBox(page).pressSequentially(fragment, { delay: 40 });
    expect(await searchSent).toEqual(searched);
    await expectListRows(list, screen, found.items);
    await expectNoSidewaysScroll(page);
  });

  test('the invoices list: the download buttons are on the card, and a download works', async ({ page }, testInfo) => {
    const api = await login(page);
    const screen = invoicesScreen;
    const { items } = await api.table<InvoiceRow>(screen.call, defaultRequest(screen));
    const newest = items[0]!;
    await page.goto(screen.path);
    await expectScreen(page, screen.title);
    const list = dataList(page, screen);
    await expectListRows(list, screen, items);
    await expect(searchBox(page)).toBeVisible();

    const card = list.getByRole('listitem').first();
    await expect(card.getByRole('button', { name: `Factuur ${dutchMonth(newest.processedMonth)} downloaden`, exact: true })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await saveScreen(page, testInfo, 'mobile-invoices');
    await expectNoSeriousA11yViolations(page, '/invoices on a phone');

    const pdf = invoiceFiles[0]!;
    const download = await downloadInvoice(page, card, dutchMonth(newest.processedMonth), pdf.button, true);
    expect(download.suggestedFilename()).toBe(invoiceFileName(newest.clientCode, newest.processedMonth, pdf));
    const saved = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test.describe('Telefoon (375 px): de andere schermen', () => {
  test('dashboard, packing orders, calendar, FAQ and contact fit the phone and pass axe', async ({ page }, testInfo) => {
    const api = await login(page);

    await test.step('Dashboard', async () => {
      const memos = await api.get(calls.memo.getActiveMemos);
      await page.goto('/');
      await expectScreen(page, 'Dashboard');
      await expect(page.getByRole('region', { name: 'Mededelingen' }).getByRole('article')).toHaveCount(memos.length);
      await expectNoSidewaysScroll(page);
      await saveScreen(page, testInfo, 'mobile-dashboard');
      await expectNoSeriousA11yViolations(page, '/ on a phone');
    });

    for (const screen of [packingOrdersScreen, deliverySchedulesScreen]) {
      await test.step(screen.title, async () => {
        const { items } = await api.table(screen.call, defaultRequest(screen));
        await page.goto(screen.path);
        await expectScreen(page, screen.title);
        await expectListRows(dataList(page, screen), screen, items);
        await expectNoSidewaysScroll(page);
        await saveScreen(page, testInfo, `mobile-${screen.path.slice(1)}`);
        await expectNoSeriousA11yViolations(page, `${screen.path} on a phone`);
      });
    }

    await test.step('Veelgestelde vragen', async () => {
      const items = await api.get(calls.faq.getFaqItems);
      await page.goto('/faq');
      await expectScreen(page, 'Veelgestelde vragen');
      const item = items.at(-1)!;
      await page.getByRole('button', { name: item.title, exact: true }).click();
      await expect(page.getByRole('region', { name: item.title, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Vraag versturen' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreen(page, testInfo, 'mobile-faq');
      await expectNoSeriousA11yViolations(page, '/faq on a phone');
    });

    await test.step('Contact', async () => {
      const { text } = await api.get(calls.contactDetails.get);
      await page.goto('/contact');
      await expectScreen(page, 'Contact');
      const shown = page.getByRole('main').getByText(text.split('\n')[0]!);
      expect((await shown.innerText()).split('\n').map((l) => l.trim())).toEqual(text.split('\n').map((l) => l.trim()));
      await expectNoSidewaysScroll(page);
      await saveScreen(page, testInfo, 'mobile-contact');
      await expectNoSeriousA11yViolations(page, '/contact on a phone');
    });
  });
});
