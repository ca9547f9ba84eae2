import { describe, expect, it } from 'vitest';
import {
  allowedRowsPerPage,
  assortmentTableColumns,
  deliveryScheduleTableColumns,
  invoiceTableColumns,
  packingOrderTableColumns,
  pharmacistTableColumns,
  serviceProductOrderTableColumns,
  validation,
  type CallDefinition,
  type TableResponse,
} from '@portal/contract';
import { fold } from '../lib/tables.js';
import { call, type TestContext } from './harness.js';
import { expectFieldErrors, expectProblem } from './auth-helpers.js';

/** Who asks: the own customer's token, and a token of another customer with rows of its own. */
export interface TableCallSession {
  ctx: TestContext;
  token: string;
  otherToken: string;
}

/** A table call as the own customer asks it (or as `bearer`), answering the page, for a table's own tests. */
export function tableReader<Row>(session: TableCallSession, def: CallDefinition) {
  return async (body: unknown, bearer = session.token) =>
    (await call(session.ctx, def, { body, token: bearer })).json<TableResponse<Row>>();
}

/** What one table call is, and the facts of its test data that the rules below need. */
export interface TableCallRules<Row, Column extends string> {
  call: CallDefinition;
  /** The contract's sort allow-list. */
  columns: readonly Column[];
  /** The spec's default sort and page size (contract tableDefaults). */
  defaults: { readonly sortBy: Column; readonly descending: boolean; readonly rowsPerPage: number };
  /** How many rows the own customer has: more than 5 and at most 100, and no multiple of 5 (the last page of 5 is partial). */
  total: number;
  /** How each column orders two rows, ascending. */
  compare: Record<Column, (a: Row, b: Row) => number>;
  /** Columns that hold one value in every own row (so the first row of either direction is alike). */
  alike?: readonly Column[];
  /** A term with a capital and an accent, whether or not the rows have them; how many own rows it finds (some, not all). */
  folding: { term: string; found: number };
  /** A term that only the other customer's rows hold, and how many rows that customer has. */
  other: { term: string; total: number };
}

const columnsOfEveryTable: readonly string[] = [
  ...assortmentTableColumns,
  ...deliveryScheduleTableColumns,
  ...invoiceTableColumns,
  ...packingOrderTableColumns,
  ...pharmacistTableColumns,
  ...serviceProductOrderTableColumns,
];
const snakeCase = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Bodies every table call refuses, the field they are refused on and its message (one table request schema). */
const refusals = (columns: readonly string[]): [string, Record<string, unknown>, string, string][] => [
  ...[
    'password',
    'passwordHash',
    'totalPrice',
    ...columns.map(snakeCase).filter((name) => !columns.includes(name)),
    ...columnsOfEveryTable.filter((name) => !columns.includes(name)),
  ].map((sortBy): [string, Record<string, unknown>, string, string] => [`sortBy ${sortBy}`, { sortBy }, 'sortBy', validation.invalidValue]),
  ['page 0', { page: 0 }, 'page', validation.tooSmall(1)],
  ['page -1', { page: -1 }, 'page', validation.tooSmall(1)],
  ['page 1.5', { page: 1.5 }, 'page', validation.invalidValue],
  ['page 2.5', { page: 2.5 }, 'page', validation.invalidValue],
  ['page 1000001', { page: 1_000_001 }, 'page', validation.tooLarge(1_000_000)],
  ['page "2"', { page: '2' }, 'page', validation.invalidValue],
  ...[0, 7, 25, 200, 1000].map((rowsPerPage): [string, Record<string, unknown>, string, string] => [
    `rowsPerPage ${rowsPerPage}`,
    { rowsPerPage },
    'rowsPerPage',
    validation.invalidValue,
  ]),
  ['descending "yes"', { descending: 'yes' }, 'descending', validation.invalidValue],
  ['descending "true"', { descending: 'true' }, 'descending', validation.invalidValue],
  ['descending 1', { descending: 1 }, 'descending', validation.invalidValue],
  ['search 42', { search: 42 }, 'search', validation.invalidValue],
  ['search as a list', { search: ['maandag'] }, 'search', validation.invalidValue],
  ['search as an object', { descending: null, search: {} }, 'search', validation.invalidValue],
  ['search of 201 characters', { search: 'x'.repeat(201) }, 'search', validation.tooLong(200)],
  ['search of 10,000 characters', { search: 'x'.repeat(10_000) }, 'search', validation.tooLong(200)],
  ['search with a NUL', { search: 'a\u0000b' }, 'search', validation.invalidValue],
  ['search ending in a NUL', { search: 'maart\u0000' }, 'search', validation.invalidValue],
  ['search with a lone surrogate', { search: '\ud800' }, 'search', validation.invalidValue],
  ['an unknown field', { extra: 1 }, 'extra', validation.unknownField],
  ['a customer of its choosing', { customerId: 'x' }, 'customerId', validation.unknownField],
];

/**
 * The rules every table call keeps, stated once: the default request, sorting on every allowed column and
 * on no other, paging edges and sizes, search without regard to case and accents (and without wildcards),
 * tenant isolation and the token. A table's own tests (its columns' order, its search fields, its labels)
 * stay beside the call of this suite in its own file; `session` is read when a test runs, after `beforeAll`.
 */
export function describeTableCall<Row, Column extends string>(rules: TableCallRules<Row, Column>, session: () => TableCallSession) {
  const rows = async (body: unknown, own = true) => {
    const { ctx, token, otherToken } = session();
    const res = await call(ctx, rules.call, { body, token: own ? token : otherToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TableResponse<Row>>();
  };
  const all = (body: Record<string, unknown> = {}, own = true) => rows({ ...body, rowsPerPage: 100 }, own);

  describe(`${rules.call.controller}/${rules.call.action}: the rules of every table`, () => {
    it('has test data that shows the rules: more than a page of 5, a partial last page, one page of 100', () => {
      expect(rules.total).toBeGreaterThan(5);
      expect(rules.total).toBeLessThanOrEqual(100);
      expect(rules.total % 5).not.toBe(0);
      expect(rules.folding.found).toBeGreaterThan(0);
      expect(rules.folding.found).toBeLessThan(rules.total);
      expect(fold(rules.folding.term)).not.toBe(rules.folding.term);
    });

    it('answers an empty request (and one of nulls) with the default sort and page size, from page 1', async () => {
      const { sortBy, descending, rowsPerPage } = rules.defaults;
      const answer = await rows({});
      expect(answer.total).toBe(rules.total);
      expect(answer.items).toHaveLength(Math.min(rules.total, rowsPerPage));
      expect(await rows({ sortBy, descending, page: 1, rowsPerPage, search: '' })).toEqual(answer);
      expect(await rows({ sortBy: null, descending: null, page: null, rowsPerPage: null, search: null })).toEqual(answer);
      // The direction alone, without a column, turns the default column round.
      expect(await all({ descending: !descending })).toEqual(await all({ sortBy, descending: !descending }));
    });

    it.each(rules.columns.map((column) => [column]))('sorts on %s both ways', async (column) => {
      const up = (await all({ sortBy: column, descending: false })).items;
      const down = (await all({ sortBy: column, descending: true })).items;
      expect(up).toHaveLength(rules.total);
      expect([...up].sort(rules.compare[column])).toEqual(up);
      expect([...down].sort((a, b) => rules.compare[column](b, a))).toEqual(down);
      // Both directions really differ: the first row up is below the last, the first row down is the last.
      // (`|| 0`: a sign of -0 is no 0 to toEqual)
      const firsts = [up[0], down[0]].map((row) => Math.sign(rules.compare[column](row!, up.at(-1)!)) || 0);
      expect(firsts).toEqual(rules.alike?.includes(column) ? [0, 0] : [-1, 0]);
    });

    it.each(rules.columns.map((column) => [column]))('pages by 5 sorted on %s both ways: all pages make the whole table', async (column) => {
      // A sort on a column of the rows' own table pages its keys first and joins the rest after (a deferred
      // join); whichever way a page is read, the pages together are the table, in its order, each row once.
      for (const descending of [false, true]) {
        const whole = (await all({ sortBy: column, descending })).items;
        const pageCount = Math.ceil(rules.total / 5);
        const pages = await Promise.all(Array.from({ length: pageCount }, (_, n) => rows({ sortBy: column, descending, rowsPerPage: 5, page: n + 1 })));
        expect(pages.flatMap((page) => page.items)).toEqual(whole);
      }
    });

    it.each(refusals(rules.columns))('refuses %s with a 400 problem', async (_, body, field, message) => {
      const { ctx, token } = session();
      expectFieldErrors(await call(ctx, rules.call, { body, token }), field, [message]);
    });

    it('pages by 5: a full first page, a partial last page, nothing past the end, and all pages make the whole table', async () => {
      const pageCount = Math.ceil(rules.total / 5);
      const pages = await Promise.all(Array.from({ length: pageCount }, (_, n) => rows({ rowsPerPage: 5, page: n + 1 })));
      expect(pages[0]!.items).toHaveLength(5);
      expect(pages.at(-1)!.items).toHaveLength(rules.total - 5 * (pageCount - 1));
      expect(pages.every((page) => page.total === rules.total)).toBe(true);
      expect(pages.flatMap((page) => page.items)).toEqual((await all()).items);
      expect(await rows({ rowsPerPage: 5, page: pageCount + 1 })).toEqual({ total: rules.total, items: [] });
      expect(await rows({ page: 1_000_000 })).toEqual({ total: rules.total, items: [] });
    });

    it('takes every page size it offers', async () => {
      for (const rowsPerPage of allowedRowsPerPage) {
        expect((await rows({ rowsPerPage })).items, String(rowsPerPage)).toHaveLength(Math.min(rowsPerPage, rules.total));
      }
    });

    it('searches without regard to case or accents, trims the term, and takes no wildcards', async () => {
      const { term, found } = rules.folding;
      const answer = await all({ search: term });
      expect(answer.total).toBe(found);
      expect(answer.items).toHaveLength(found);
      for (const variant of [fold(term), term.toUpperCase(), fold(term).toUpperCase(), `  ${term.toLowerCase()}  `]) {
        expect(await all({ search: variant }), variant).toEqual(answer);
      }
      for (const wildcard of ['%', '_', '%%', `${fold(term).slice(0, 2)}%`]) {
        expect(await rows({ search: wildcard }), wildcard).toEqual({ total: 0, items: [] });
      }
    });

    it("never shows another customer's rows", async () => {
      expect(await rows({ search: rules.other.term })).toEqual({ total: 0, items: [] });
      expect((await rows({ search: rules.other.term }, false)).total).toBeGreaterThan(0);
      const others = await all({}, false);
      expect(others.total).toBe(rules.other.total);
      const own = (await all()).items;
      for (const row of others.items) expect(own).not.toContainEqual(row);
    });

    it('needs a valid token', async () => {
      const { ctx } = session();
      expectProblem(await call(ctx, rules.call, { body: {} }), 401);
      expectProblem(await call(ctx, rules.call, { body: {}, token: 'geen-token' }), 401);
    });
  });
}
