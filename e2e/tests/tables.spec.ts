import type { Page, Route } from '@playwright/test';
import type { AssortmentRow } from '@portal/contract';
import { demoFacts } from '../../apps/api/src/test/demo-facts.js';
import type { FullTableRequest, PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { saveScreen } from '../support/screens.js';
import {
  columnHeader,
  dataTable,
  defaultRequest,
  deliverySchedulesScreen,
  expectEmptyTable,
  expectRows,
  fold,
  invoicesScreen,
  nextTableRequest,
  noteLastInput,
  packingOrdersScreen,
  productsScreen,
  rangeText,
  recordTableRequests,
  searchBox,
  sortButton,
  tableScreens,
  type TableScreen,
} from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

/**
 * The four table screens against the real server with the demo customer APO-1001: what each screen shows is
 * compared with what the table call answers for the same request, asked by the test itself.
 */

/** Opens a table screen (on a logged-in page) and answers its table. */
async function openScreen(page: Page, screen: TableScreen) {
  const firstRequest = nextTableRequest(page, screen.call);
  await page.goto(screen.path);
  await expectScreen(page, screen.title);
  // The screen asks for the spec's default sort and page size, from page 1 and without a search.
  expect(await firstRequest).toEqual(defaultRequest(screen));
  return dataTable(page, screen);
}

/** Types like a user and waits for the debounced search: one request, with the whole term, from page 1. */
async function typeSearch(page: Page, screen: TableScreen, term: string): Promise<FullTableRequest> {
  const sinceLastInput = await noteLastInput(page, screen.call);
  const { requests, stop } = recordTableRequests(page, screen.call);
  const answered = page.waitForResponse((response) => {
    const request = response.request();
    return new URL(request.url()).pathname === screen.call.path && (request.postDataJSON() as FullTableRequest).search === term;
  });
  await searchBox(page).pressSequentially(term, { delay: 40 });
  const body = (await answered).request().postDataJSON() as FullTableRequest;
  stop();
  // Not a request per keystroke, and none before the 1000 ms after the last key have passed, by the page's own
  // clock (the timer may fire a few milliseconds early against the event's timestamp, hence 990).
  expect(requests.map((r) => r.search)).toEqual([term]);
  expect(await sinceLastInput()).toBeGreaterThanOrEqual(990);
  expect(body.page).toBe(1);
  return body;
}

/** A search that finds nothing on the server (asked there first), submitted with Enter. */
async function searchWithoutMatch(page: Page, api: PortalApi, screen: TableScreen, sort: Pick<FullTableRequest, 'sortBy' | 'descending'>) {
  const term = 'qqxzv geen treffer';
  const request = { ...sort, page: 1, rowsPerPage: screen.defaults.rowsPerPage, search: term };
  expect((await api.table(screen.call, request)).total).toBe(0);
  await searchBox(page).fill(term);
  const sent = nextTableRequest(page, screen.call, (body) => body.search === term);
  await searchBox(page).press('Enter');
  expect(await sent).toEqual(request);
  await expectEmptyTable(dataTable(page, screen), screen);
  await expect(page.getByText(/^\d+–\d+ van \d+$/)).toHaveCount(0);
}

test.describe('Assortiment', () => {
  test('sorted by name, then by a header click the other way round and by ZI-nummer; page size 10 and the next page', async ({
    page,
    demoAdministratorLogin: { api },
  }, testInfo) => {
    const screen = productsScreen;
    const table = await openScreen(page, screen);
    await expect(table.getByRole('columnheader')).toHaveText(screen.headers);

    const byName = await api.table<AssortmentRow>(screen.call, defaultRequest(screen));
    // More than a page of products.
    expect(byName.total).toBe(demoFacts.assortment.size);
    await expectRows(table, screen, byName.items);
    await expect(columnHeader(table, 'Naam')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByText(rangeText(1, 20, byName.total), { exact: true })).toBeVisible();
    await saveScreen(page, testInfo, 'desktop-products');
    await expectNoSeriousA11yViolations(page, '/products');

    await test.step('Naam again: descending', async () => {
      const request = { ...defaultRequest(screen), descending: true };
      const sent = nextTableRequest(page, screen.call);
      await sortButton(table, 'Naam').click();
      expect(await sent).toEqual(request);
      const descending = await api.table<AssortmentRow>(screen.call, request);
      expect(descending.items[0]!.longName).not.toBe(byName.items[0]!.longName);
      await expectRows(table, screen, descending.items);
      await expect(columnHeader(table, 'Naam')).toHaveAttribute('aria-sort', 'descending');
    });

    await test.step('ZI-nummer: ascending', async () => {
      const request = { ...defaultRequest(screen), sortBy: 'ziNumber', descending: false };
      const sent = nextTableRequest(page, screen.call);
      await sortButton(table, 'ZI-nummer').click();
      expect(await sent).toEqual(request);
      const byZi = await api.table<AssortmentRow>(screen.call, request);
      const zi = byZi.items.map((r) => r.ziNumber);
      expect(zi).toEqual([...zi].sort());
      await expectRows(table, screen, byZi.items);
      await expect(columnHeader(table, 'ZI-nummer')).toHaveAttribute('aria-sort', 'ascending');
      await expect(columnHeader(table, 'Naam')).not.toHaveAttribute('aria-sort', /.+/);
    });

    await test.step('Naam, 10 rows per page, next page', async () => {
      await sortButton(table, 'Naam').click();
      await expectRows(table, screen, byName.items);

      const tenRows = { ...defaultRequest(screen), rowsPerPage: 10 };
      const sent = nextTableRequest(page, screen.call, (body) => body.rowsPerPage === 10);
      const pageSize = page.getByRole('combobox', { name: 'Rijen per pagina:' });
      await expect(pageSize.locator('option')).toHaveText(['10', '20', '50', '100']);
      await pageSize.selectOption({ label: '10' });
      expect(await sent).toEqual(tenRows);
      const first = await api.table<AssortmentRow>(screen.call, tenRows);
      expect(first.items).toHaveLength(10);
      await expectRows(table, screen, first.items);
      await expect(page.getByText(rangeText(1, 10, first.total), { exact: true })).toBeVisible();

      const nextPage = nextTableRequest(page, screen.call, (body) => body.page === 2);
      await page.getByRole('button', { name: 'Ga naar volgende pagina' }).click();
      expect(await nextPage).toEqual({ ...tenRows, page: 2 });
      const second = await api.table<AssortmentRow>(screen.call, { ...tenRows, page: 2 });
      expect(second.items).toHaveLength(10);
      expect(second.items).toEqual(byName.items.slice(10, 20));
      await expectRows(table, screen, second.items);
      await expect(page.getByText(rangeText(11, 20, second.total), { exact: true })).toBeVisible();
    });
  });

  test('search: a fragment in lower case without accents finds its products from page 1; no match shows the empty text; Kan gehalveerd', async ({
    page,
    demoAdministratorLogin: { api },
  }) => {
    const screen = productsScreen;
    const table = await openScreen(page, screen);
    const all = await api.allRows<AssortmentRow>(screen.call, { sortBy: 'longName', descending: false });

    // Seven letters around the accent of a name that has one (Nitrofurantoïne → rantoin), typed plainly.
    const word = demoFacts.assortment.accentedName;
    const accent = [...word].findIndex((c) => fold(c) !== c.toLowerCase());
    const fragment = fold(word).slice(accent - 4, accent + 3);
    expect(fragment).toMatch(/^[a-z]{7}$/);

    const search = { ...defaultRequest(screen), search: fragment };
    const found = await api.table<AssortmentRow>(screen.call, search);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.length);
    expect(found.items.some((p) => p.longName.startsWith(word))).toBe(true);

    // From page 2, so that the search has a page to go back from.
    await page.getByRole('button', { name: 'Ga naar volgende pagina' }).click();
    await expect(page.getByText(rangeText(21, Math.min(40, all.length), all.length), { exact: true })).toBeVisible();

    await typeSearch(page, screen, fragment);
    await expectRows(table, screen, found.items);
    await expect(page.getByText(rangeText(1, found.items.length, found.total), { exact: true })).toBeVisible();
    // Only rows that hold the fragment in a searched column (name, ZI-nummer, GPK, HPK, appearance, packaging).
    for (const p of found.items) {
      expect(fold([p.longName, p.ziNumber, p.gpk, p.hpk, p.dtaDescription, p.packaging].join(' '))).toContain(fragment);
    }

    await searchWithoutMatch(page, api, screen, { sortBy: 'longName', descending: false });

    await test.step('Kan gehalveerd: Nee for a split description with ERROR, Ja otherwise', async () => {
      const notSplittable = all.find((p) => p.splitDescription.includes('ERROR'));
      const splittable = all.find((p) => !/error/i.test(p.splitDescription));
      expect(notSplittable, 'the demo assortment has a product that cannot be halved').toBeTruthy();
      expect(splittable, 'the demo assortment has a product that can be halved').toBeTruthy();
      for (const [product, shown] of [
        [notSplittable!, 'Nee'],
        [splittable!, 'Ja'],
      ] as const) {
        await searchBox(page).fill(product.ziNumber);
        await searchBox(page).press('Enter');
        const rows = await api.table<AssortmentRow>(screen.call, { ...defaultRequest(screen), search: product.ziNumber });
        await expectRows(table, screen, rows.items);
        const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: product.ziNumber, exact: true }) });
        await expect(row.getByRole('cell').nth(5)).toHaveText(shown);
      }
    });
  });
});

interface ScreenCase {
  screen: TableScreen;
  /** A header to click once (ascending), and the column it sorts on. */
  sortHeader: string;
  sortBy: string;
  /** What a user might type: it finds some of the demo customer's rows, not all (demo-facts.ts). */
  search: string;
  /** Whether the screen shows the note on holidays above the table. */
  holidayNote: boolean;
}

const holidayNote = /feestdagen.*afwijkende leveringsafspraken.*vooraf.*bekendgemaakt/i;
const screenCases: ScreenCase[] = [
  // A facility's name: its orders, its schedules; a month's name: that month's invoices of every year.
  { screen: packingOrdersScreen, sortHeader: 'Afdeling', sortBy: 'facility', search: demoFacts.searches.facility, holidayNote: false },
  { screen: deliverySchedulesScreen, sortHeader: 'Aankomstdag', sortBy: 'arrivalDay', search: demoFacts.searches.facility, holidayNote: true },
  { screen: invoicesScreen, sortHeader: 'Bedrag', sortBy: 'invoiceAmount', search: demoFacts.searches.month, holidayNote: false },
];

for (const { screen, sortHeader, sortBy, search, holidayNote: noted } of screenCases) {
  const sort = { sortBy, descending: false };
  test.describe(screen.title, () => {
    test(`default sort, a sort by ${sortHeader}, a search, and the empty text of a search without match`, async ({
      page,
      demoAdministratorLogin: { api },
    }, testInfo) => {
      const table = await openScreen(page, screen);
      await expect(table.getByRole('columnheader')).toHaveText(
        // The demo's invoicing says which invoices are paid: the list shows that column.
        screen === invoicesScreen ? [...screen.headers, 'Betaald', 'Downloads'] : screen.headers,
      );
      await expect(page.getByRole('main').getByText(holidayNote)).toHaveCount(noted ? 1 : 0);

      const first = await api.table(screen.call, defaultRequest(screen));
      expect(first.total, `the demo customer has ${screen.label}`).toBeGreaterThan(0);
      await expectRows(table, screen, first.items);
      await expect(columnHeader(table, screen.defaultSortHeader)).toHaveAttribute(
        'aria-sort',
        screen.defaults.descending ? 'descending' : 'ascending',
      );
      const shown = Math.min(first.total, screen.defaults.rowsPerPage);
      await expect(page.getByText(rangeText(1, shown, first.total), { exact: true })).toBeVisible();
      await saveScreen(page, testInfo, `desktop-${screen.path.slice(1)}`);
      await expectNoSeriousA11yViolations(page, screen.path);

      const sorted = { ...defaultRequest(screen), ...sort };
      const sortSent = nextTableRequest(page, screen.call);
      await sortButton(table, sortHeader).click();
      expect(await sortSent).toEqual(sorted);
      await expectRows(table, screen, (await api.table(screen.call, sorted)).items);
      await expect(columnHeader(table, sortHeader)).toHaveAttribute('aria-sort', 'ascending');

      const searched = { ...sorted, search };
      const found = await api.table(screen.call, searched);
      expect(found.total).toBeGreaterThan(0);
      expect(found.total).toBeLessThan(first.total);
      expect(await typeSearch(page, screen, search)).toEqual(searched);
      await expectRows(table, screen, found.items);

      await searchWithoutMatch(page, api, screen, sort);
    });
  });
}

test.describe('Tabel laadt niet', () => {
  // The routed call answers 503: the console line of that answer is expected.
  test.use({ expectedApiStatuses: [503] });

  test('a failing table call shows the warning with a retry; once the call works again, the retry shows the rows', async ({
    page,
    demoAdministratorLogin: { api },
  }, testInfo) => {
    for (const screen of tableScreens) {
      await test.step(screen.title, async () => {
        // A failing network in front of the real server: the table call answers 503, retries included.
        let refused = 0;
        const fail = async (route: Route) => {
          refused += 1;
          await route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }),
          });
        };
        await page.route(`**${screen.call.path}`, fail);
        await page.goto(screen.path);
        await expectScreen(page, screen.title);
        const warning = page.getByRole('alert').filter({ hasText: 'Data ophalen mislukt.' });
        await expect(warning).toBeVisible({ timeout: 15_000 });
        await expect(warning.getByText('Data ophalen mislukt.', { exact: true })).toBeVisible();
        const retry = warning.getByRole('button', { name: 'Opnieuw proberen' });
        await expect(retry).toBeEnabled();
        await expect(dataTable(page, screen)).toHaveCount(0);
        expect(refused).toBeGreaterThanOrEqual(1);
        await saveScreen(page, testInfo, `desktop-${screen.path.slice(1)}-failing`);
        await expectNoSeriousA11yViolations(page, `${screen.path} failing`);

        await page.unroute(`**${screen.call.path}`, fail);
        await retry.click();
        await expect(warning).toHaveCount(0);
        await expectRows(dataTable(page, screen), screen, (await api.table(screen.call, defaultRequest(screen))).items);
      });
    }
  });
});
