/**
 * Statements written once (decision 0103): a customer's table page without a search is written by drizzle once per
 * shape, runs as the statement written anew would, and its rows are the values `db.execute` gives.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TableRequest } from '@portal/contract';
import { queryTable, tableStatements, type TableDefinition } from '../lib/tables.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { deliveryScheduleTable } from '../modules/delivery-schedules/delivery-schedules.table.js';
import { invoiceTable } from '../modules/invoices/invoices.table.js';
import { packingOrderTable } from '../modules/packing-orders/packing-orders.table.js';
import { pharmacistTable } from '../modules/pharmacists/pharmacists.table.js';
import { serviceProductOrderTable } from '../modules/service-products/service-product-orders.table.js';
import { readAsTenant, withTenant, type Tx } from './tenancy.js';
import { runWritten, writeOnce } from './written-statements.js';
import { freshAddress, login } from '../test/auth-helpers.js';
import type { TestCustomer, TestContext } from '../test/harness.js';
import { tenancyFixture } from './tenancy-test-context.js';

const fixture = tenancyFixture();
let ctx: TestContext;
let customerA: TestCustomer;
beforeAll(() => {
  ({ ctx, customerA } = fixture);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type AnyTable = TableDefinition<string, unknown>;
const tables = { packingOrderTable, deliveryScheduleTable, drugTable, invoiceTable, pharmacistTable, serviceProductOrderTable } as unknown as Record<string, AnyTable>;

/** What `queryTable` asks of a transaction that answers every statement with no rows: each statement's text and values. */
async function statementsAsked(table: AnyTable, request: TableRequest<string>): Promise<{ text: string; values: unknown[] }[]> {
  const asked: { text: string; values: unknown[] }[] = [];
  const answer = async (text: string, values: unknown[]) => {
    asked.push({ text, values });
    return { rows: [] };
  };
  const tx = {
    $client: { query: (config: { text: string }, values: unknown[]) => answer(config.text, values) },
    execute: (statement: Parameters<PgDialect['sqlToQuery']>[0]) => {
      const { sql: text, params } = new PgDialect().sqlToQuery(statement);
      return answer(text, params);
    },
  } as unknown as Tx;
  await queryTable(tx, table, customerA.id, request);
  return asked;
}

describe('a customer table page written once (decision 0103)', () => {
  it('is written by drizzle once per shape: a later page of the shape, or another customer, writes nothing', async () => {
    const request = { sortBy: 'orderDate', descending: true, page: 1, rowsPerPage: 20 } as const;
    await readAsTenant(ctx.database.db, customerA.id, (tx) => queryTable(tx, packingOrderTable, customerA.id, request));
    const writing = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    await readAsTenant(ctx.database.db, customerA.id, (tx) => queryTable(tx, packingOrderTable, customerA.id, { ...request, page: 3 }));
    await readAsTenant(ctx.database.db, fixture.customerB.id, (tx) => queryTable(tx, packingOrderTable, fixture.customerB.id, { ...request, rowsPerPage: 10 }));
    expect(writing).not.toHaveBeenCalled();
    // A search is written each time: its term shapes the statement.
    await readAsTenant(ctx.database.db, customerA.id, (tx) => queryTable(tx, packingOrderTable, customerA.id, { ...request, search: 'afdeling' }));
    expect(writing).toHaveBeenCalled();
  });

  it('asks the text and values the statement written anew has, for every table, sort, direction and page', async () => {
    for (const [name, table] of Object.entries(tables)) {
      for (const sortBy of [undefined, ...Object.keys(table.sortColumns)]) {
        for (const descending of [undefined, false, true]) {
          for (const [page, rowsPerPage] of [[1, undefined], [3, 10], [2, 100]] as const) {
            const request = { sortBy, descending, page, rowsPerPage };
            const anew = tableStatements(table, table.ownRows(customerA.id), request, customerA.id);
            const [pageAsked, countAsked] = await statementsAsked(table, request);
            const written = (statement: typeof anew.count) => {
              const { sql: text, params } = new PgDialect().sqlToQuery(statement);
              return { text, values: params };
            };
            expect({ name, request, ...pageAsked }).toEqual({ name, request, ...written(anew.pageWithTotal) });
            expect({ name, request, ...countAsked }).toEqual({ name, request, ...written(anew.count) });
          }
        }
      }
    }
  });

  it('answers as the statement written anew, for the customer only (row-level security)', async () => {
    const request = { sortBy: 'facility', page: 1, rowsPerPage: 100 } as const;
    const [writtenOnce, writtenAnew] = await withTenant(ctx.database.db, customerA.id, async (tx) => [
      await queryTable(tx, deliveryScheduleTable, customerA.id, request),
      (await tx.execute(tableStatements(deliveryScheduleTable, deliveryScheduleTable.ownRows(customerA.id), request, customerA.id).pageWithTotal)).rows,
    ]);
    expect(writtenOnce.items).toEqual(writtenAnew.map((raw) => deliveryScheduleTable.toRow(raw)));
    expect(writtenOnce.total).toBe(writtenAnew.length);
    // Another customer's id in the statement of customer A's read: row-level security shows nothing.
    const foreign = await readAsTenant(ctx.database.db, customerA.id, (tx) => queryTable(tx, deliveryScheduleTable, fixture.customerB.id, request));
    expect(foreign).toEqual({ total: 0, items: [] });
  });
});

describe('the own account written once (decision 0103)', () => {
  it('an authenticated call reading the own account (Account/IsTotpEnabled) has drizzle write nothing once its session is known', async () => {
    const { accessToken } = await login(ctx, fixture.accountA, { remoteAddress: freshAddress() });
    const ask = () => ctx.app.inject({ method: 'GET', url: '/api/portal/Account/IsTotpEnabled', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await ask()).statusCode).toBe(200);
    const writing = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const res = await ask();
    expect(res.statusCode, res.body).toBe(200);
    expect(writing).not.toHaveBeenCalled();
  });
});

describe('runWritten', () => {
  it("gives the values db.execute gives: times, dates and intervals as PostgreSQL's text, the rest as node-postgres reads them", async () => {
    const statement = sql`select now() as at, localtimestamp as local, current_date as day, interval '1 day 2 hours' as span,
      array[1.50]::numeric[] as amounts, array[now()] as ats, array[localtimestamp] as locals, array[current_date] as days,
      array[interval '1 day'] as spans, 12::bigint as big, 1.50::numeric as amount, 7 as small, true as yes, '{"a":1}'::jsonb as doc,
      array[1, 2] as numbers, ${sql.placeholder('text')}::text as text`;
    const [written, executed] = await withTenant(ctx.database.db, customerA.id, async (tx) => [
      (await runWritten(tx, writeOnce(statement), { text: 'één' })).rows,
      (await tx.execute(sql`select now() as at, localtimestamp as local, current_date as day, interval '1 day 2 hours' as span,
      array[1.50]::numeric[] as amounts, array[now()] as ats, array[localtimestamp] as locals, array[current_date] as days,
      array[interval '1 day'] as spans, 12::bigint as big, 1.50::numeric as amount, 7 as small, true as yes, '{"a":1}'::jsonb as doc,
      array[1, 2] as numbers, ${'één'}::text as text`)).rows,
    ]);
    expect(written).toEqual(executed);
    expect(typeof written[0]!.at).toBe('string');
  });
});
