import { expect, type Locator, type Page, type Request } from '@playwright/test';
import {
  calls,
  type CallDefinition,
  type DeliveryScheduleRow,
  type AssortmentRow,
  type InvoiceRow,
  type PackingOrderRow,
} from '@portal/contract';
import type { FullTableRequest } from './api.js';

// ——— Dutch display formats (spec: dates and euro amounts in Dutch format) ———

const integerFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });
const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const monthFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const monthNameFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', month: 'long' });

/** `12.345` */
export const dutchInteger = (n: number) => integerFormat.format(n);
/** `€ 1.234,56` */
export const dutchEuro = (amount: number) => euroFormat.format(amount);
/** `2026-10-05` → `05-10-2026` */
export const dutchDate = (isoDate: string) => isoDate.split('-').reverse().join('-');
const utcMonth = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, 1);
/** `2026-10-01` → `oktober 2026` */
export const dutchMonth = (isoDate: string) => monthFormat.format(utcMonth(isoDate));
/** `2026-10-01` → `oktober` */
export const dutchMonthName = (isoDate: string) => monthNameFormat.format(utcMonth(isoDate));

/** Lower case without accents, as the server's search compares. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** Runs of white space (a no-break space in `€ 1,00` too) as one space, trimmed. */
export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

// ——— The four table screens, as the product's entities, error catalogue and constants and limits describe them ———

export interface TableScreen<Row = unknown> {
  /** The accessible name of the table (and of the list at phone width). */
  label: string;
  path: string;
  /** The screen's title in the top bar. */
  title: string;
  call: CallDefinition;
  /** Default sort and page size (the product's constants and limits). */
  defaults: Pick<FullTableRequest, 'sortBy' | 'descending' | 'rowsPerPage'>;
  /** The text of an empty table (the product's error catalogue). */
  emptyText: string;
  /** The headers of the data columns, in order. */
  headers: string[];
  /** The header of the column of the default sort. */
  defaultSortHeader: string;
  /** What the data cells of a row show (a method: a screen of any row type is a `TableScreen`). */
  cells(row: Row): string[];
}

/** Kan gehalveerd: Nee when the split description contains the word ERROR, otherwise Ja (the product's entities). */
export const canBeHalved = (splitDescription: string) => (/ERROR/i.test(splitDescription) ? 'Nee' : 'Ja');

export const productsScreen: TableScreen<AssortmentRow> = {
  label: 'Producten',
  path: '/products',
  title: 'Assortiment Overzicht',
  call: calls.assortment.getDrugTable,
  defaults: { sortBy: 'longName', descending: false, rowsPerPage: 20 },
  emptyText: 'Geen producten gevonden...',
  headers: ['Naam', 'ZI-nummer', 'GPK', 'HPK', 'Uiterlijk', 'Kan gehalveerd', 'Primaire verpakking'],
  defaultSortHeader: 'Naam',
  cells: (r) => [r.longName, r.ziNumber, r.gpk, r.hpk, r.dtaDescription, canBeHalved(r.splitDescription), r.packaging],
};

export const packingOrdersScreen: TableScreen<PackingOrderRow> = {
  label: 'Inpakopdrachten',
  path: '/packing-order',
  title: 'Inpakopdrachten',
  call: calls.packingOrder.getOrderFulfillmentsTable,
  defaults: { sortBy: 'orderDate', descending: true, rowsPerPage: 20 },
  emptyText: 'Geen inkoopopdrachten gevonden...',
  headers: ['Afdeling', 'Aantal patiënten', 'Aantal zakjes', 'Status', 'Orderdatum'],
  defaultSortHeader: 'Orderdatum',
  cells: (r) => [r.facility, dutchInteger(r.patientCount), dutchInteger(r.bagCount), r.reelStatusText, dutchDate(r.orderDate)],
};

export const deliverySchedulesScreen: TableScreen<DeliveryScheduleRow> = {
  label: 'Leveringsafspraken',
  path: '/calendar',
  title: 'Leveringsafspraken',
  call: calls.deliverySchedule.getOrderFulfillmentSchedulesTable,
  defaults: { sortBy: 'facility', descending: false, rowsPerPage: 100 },
  emptyText: 'Geen agenda gevonden...',
  headers: ['Afdeling', 'Aankomstdag', 'Aankomsttijd', 'Verzenddag', 'Verzendtijd'],
  defaultSortHeader: 'Afdeling',
  cells: (r) => [r.facility, r.arrivalDay, r.arrivalTime, r.shipmentDay, r.shipmentTime],
};

export const invoicesScreen: TableScreen<InvoiceRow> = {
  label: 'Facturen',
  path: '/invoices',
  title: 'Facturen',
  call: calls.invoice.getInvoiceTable,
  defaults: { sortBy: 'processedMonth', descending: true, rowsPerPage: 20 },
  emptyText: 'Geen facturen gevonden...',
  headers: ['Maand', 'Klantcode', 'Bedrag'],
  defaultSortHeader: 'Maand',
  cells: (r) => [dutchMonth(r.processedMonth), r.clientCode, dutchEuro(r.invoiceAmount)],
};

export const tableScreens = [productsScreen, packingOrdersScreen, deliverySchedulesScreen, invoicesScreen] as const;

/** The first request of a screen: its default sort and page size, page 1, no search. */
export const defaultRequest = (screen: TableScreen): FullTableRequest => ({ ...screen.defaults, page: 1, search: '' });

// ——— Reading the screen ———

export const dataTable = (page: Page, screen: TableScreen) => page.getByRole('table', { name: screen.label, exact: true });
/** The same rows as cards, below the `sm` breakpoint. */
export const dataList = (page: Page, screen: TableScreen) => page.getByRole('list', { name: screen.label, exact: true });
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Zoeken', exact: true });
export const columnHeader = (table: Locator, header: string) => table.getByRole('columnheader', { name: header, exact: true });
export const sortButton = (table: Locator, header: string) =>
  columnHeader(table, header).getByRole('button', { name: header, exact: true });
/** MUI's range text under the table, e.g. `11–20 van 180`. */
export const rangeText = (from: number, to: number, total: number) =>
  `${dutchInteger(from)}–${dutchInteger(to)} van ${dutchInteger(total)}`;

/** The texts of the first `columns` cells of every body row of a table (all cells without `columns`). */
export function tableRows(table: Locator, columns?: number): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll(
    (rows, n) =>
      rows.map((row) =>
        Array.from((row as HTMLTableRowElement).cells)
          .slice(0, n ?? undefined)
          .map((cell) => cell.innerText.replace(/\s+/g, ' ').trim()),
      ),
    columns ?? null,
  );
}

/** The values of every card of a stacked list (its `dd`s), the first `columns` of each. */
export function listRows(list: Locator, columns?: number): Promise<string[][]> {
  return list.locator(':scope > li').evaluateAll(
    (items, n) =>
      items.map((item) =>
        Array.from(item.querySelectorAll('dd')).slice(0, n ?? undefined).map((dd) => (dd as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      ),
    columns ?? null,
  );
}

/** Waits until the table shows exactly these rows (the data columns of `screen`). */
export async function expectRows<Row>(table: Locator, screen: TableScreen<Row>, rows: readonly Row[], message?: string) {
  const expected = rows.map((row) => screen.cells(row).map(squash));
  await expect.poll(() => tableRows(table, screen.headers.length), { message, timeout: 15_000 }).toEqual(expected);
}

/** Waits until the phone list shows exactly these rows. */
export async function expectListRows<Row>(list: Locator, screen: TableScreen<Row>, rows: readonly Row[], message?: string) {
  const expected = rows.map((row) => screen.cells(row).map(squash));
  await expect.poll(() => listRows(list, screen.headers.length), { message, timeout: 15_000 }).toEqual(expected);
}

/** The table shows only its empty text, exactly. */
export async function expectEmptyTable(table: Locator, screen: TableScreen) {
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody')).toHaveText(screen.emptyText, { useInnerText: true });
}

const isCall = (request: Request, call: CallDefinition) =>
  request.method() === call.method && new URL(request.url()).pathname === call.path;

/** Every request of a table call the page sends from now on, with its body, until `stop()`. */
export function recordTableRequests(page: Page, call: CallDefinition) {
  const requests: FullTableRequest[] = [];
  const listener = (request: Request) => {
    if (isCall(request, call)) requests.push(request.postDataJSON() as FullTableRequest);
  };
  page.on('request', listener);
  return { requests, stop: () => page.off('request', listener) };
}

/**
 * Starts noting, in the page, when the user last changed a field; answers a function that tells, once the
 * table call `call` has been answered, how many milliseconds after that last change its latest request went
 * out. Both moments are read from the page's own clock (the event's timeStamp and the call's resource timing),
 * so a test process that hears of them late, on a busy machine, does not shift them.
 */
export async function noteLastInput(page: Page, call: CallDefinition): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const noted = window as unknown as { e2eLastInput?: number };
    document.addEventListener('input', (event) => (noted.e2eLastInput = event.timeStamp), true);
  });
  // The resource entry is written when the answer's body has arrived, which can be a moment after the test
  // hears of the answer.
  const measure = () =>
    page.evaluate((path) => {
      const lastInput = (window as unknown as { e2eLastInput?: number }).e2eLastInput;
      if (lastInput === undefined) return null;
      const sent = performance
        .getEntriesByType('resource')
        .find((entry) => entry.startTime > lastInput && new URL(entry.name).pathname === path);
      return sent ? sent.startTime - lastInput : null;
    }, call.path);
  return async () => {
    await expect.poll(measure, { message: `an answered request of ${call.path} after the last input` }).not.toBeNull();
    return (await measure())!;
  };
}

/** The next request of a table call whose body passes `accept`. */
export async function nextTableRequest(
  page: Page,
  call: CallDefinition,
  accept: (body: FullTableRequest) => boolean = () => true,
): Promise<FullTableRequest> {
  const request = await page.waitForRequest((r) => isCall(r, call) && accept(r.postDataJSON() as FullTableRequest));
  return request.postDataJSON() as FullTableRequest;
}
