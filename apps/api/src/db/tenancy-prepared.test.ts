/**
 * What is kept per connection of the app pool (decision 0042): statements marked keptPrepared, in a customer's
 * reads and in any transaction alike; row-level security holds for them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { KEPT_PAGE_ROWS, tableStatements } from '../lib/tables.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { deliveryScheduleTable } from '../modules/delivery-schedules/delivery-schedules.table.js';
import { invoiceTable } from '../modules/invoices/invoices.table.js';
import { packingOrderTable } from '../modules/packing-orders/packing-orders.table.js';
import { lockAccount } from '../modules/auth/auth.shared.js';
import { keptPrepared, MAX_KEPT_PREPARED } from './kept-statements.js';
import { readAsTenant, withTenant, type Tx } from './tenancy.js';
import type { TestAccount, TestCustomer, TestContext } from '../test/harness.js';
import { tenancyFixture, watchingConnections as watchingConnectionsOf } from './tenancy-test-context.js';

const fixture = tenancyFixture();
let ctx: TestContext;
let customerA: TestCustomer;
let customerB: TestCustomer;
let accountA: TestAccount;
let accountB: TestAccount;
beforeAll(() => {
  ({ ctx, customerA, customerB, accountA, accountB } = fixture);
});

/** watchingConnections on the app pool. */
const watchingConnections = (act: () => Promise<unknown>, watch: (client: pg.PoolClient) => () => void) =>
  watchingConnectionsOf(ctx.database.appPool, act, watch);

describe('statements kept prepared (decision 0042)', () => {
  /**
   * Runs `act`, counting the statements parsed on the connections the pool hands out meanwhile, and how many
   * statements those keep prepared by keptPrepared (named portal_ and a hash of their text).
   */
  async function parsesOf(act: () => Promise<unknown>): Promise<{ parses: number; connections: number; kept: number; added: number }> {
    let parses = 0;
    const before = new Map<pg.PoolClient, number>();
    const keptOn = (client: pg.PoolClient) =>
      Object.keys((client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements).filter((name) => /^portal_[\w-]{22}$/.test(name)).length;
    const clients = await watchingConnections(act, (client) => {
      before.set(client, keptOn(client));
      const parse = client.connection.parse;
      client.connection.parse = function (this: typeof client.connection, ...args: Parameters<typeof parse>) {
        parses += 1;
        return parse.apply(this, args);
      } as typeof parse;
      return () => {
        client.connection.parse = parse;
      };
    });
    return {
      parses,
      connections: clients.length,
      kept: Math.max(0, ...clients.map(keptOn)),
      added: clients.reduce((sum, client) => sum + keptOn(client) - before.get(client)!, 0),
    };
  }

  const ownPatients = (tx: Tx, customerId: string) =>
    tx.execute<{ client_id: string }>(keptPrepared(sql`select client_id from patients where client_id = ${customerId}`));

  it('is parsed once per connection, and still answers each customer with its own rows once planned for all', async () => {
    const seen: string[][] = [];
    const counted = await parsesOf(async () => {
      // Eight reads one after the other (the pool hands the same idle connection out again), customers taking
      // turns: past the fifth run, PostgreSQL may use one plan for all.
      for (let run = 0; run < 8; run += 1) {
        const customer = run % 2 === 0 ? customerA : customerB;
        const rows = await readAsTenant(ctx.database.db, customer.id, (tx) => ownPatients(tx, customer.id));
        seen.push(rows.rows.map((row) => row.client_id));
      }
    });
    expect(seen).toEqual(Array.from({ length: 8 }, (_, run) => [run % 2 === 0 ? customerA.id : customerB.id]));
    expect(counted.parses).toBeLessThanOrEqual(counted.connections);
    expect(counted.kept).toBeGreaterThanOrEqual(1);
  });

  it('answers a customer nothing of another, also by a statement prepared for all', async () => {
    for (let run = 0; run < 7; run += 1) {
      const rows = await readAsTenant(ctx.database.db, customerA.id, (tx) => ownPatients(tx, customerB.id));
      expect(rows.rows).toEqual([]);
    }
  });

  it('holds the statements of the invoices and the delivery agreements, not those of the tables whose customers differ in size', () => {
    const textOf = (table: typeof invoiceTable, request: Record<string, unknown>) => {
      const statements = tableStatements(table, table.ownRows(customerA.id), request, customerA.id);
      return [statements.count, statements.page, statements.pageWithTotal].map((statement) => new PgDialect().sqlToQuery(statement).sql);
    };
    const kept = /^\/\* kept prepared \*\/ /;
    for (const table of [invoiceTable, deliveryScheduleTable]) {
      for (const rowsPerPage of [10, KEPT_PAGE_ROWS]) for (const text of textOf(table as never, { rowsPerPage })) expect(text).toMatch(kept);
    }
    // The calendar's default page (100, by department name) is planned for its customer: one generic plan made for
    // a customer of a few rows compares every agreement of the largest customer with every department. Searched,
    // or sorted on the agreements' own columns, it stays prepared.
    for (const rowsPerPage of [50, 100]) {
      for (const text of textOf(deliveryScheduleTable as never, { rowsPerPage })) expect(text).not.toMatch(/kept prepared/);
      for (const text of textOf(deliveryScheduleTable as never, { rowsPerPage, search: 'duin' })) expect(text).toMatch(kept);
      for (const text of textOf(deliveryScheduleTable as never, { rowsPerPage, sortBy: 'arrivalDay' })) expect(text).toMatch(kept);
    }
    for (const table of [packingOrderTable, drugTable]) for (const text of textOf(table as never, {})) expect(text).not.toMatch(/kept prepared/);
  });

  it('is parsed once per connection in a transaction too, and a transaction and a read share the kept name', async () => {
    const counted = await parsesOf(async () => {
      for (let run = 0; run < 6; run += 1) {
        const customer = run % 2 === 0 ? customerA : customerB;
        const rows = await (run < 3 ? withTenant : readAsTenant)(ctx.database.db, customer.id, (tx) =>
          tx.execute<{ client_id: string }>(keptPrepared(sql`select client_id from patients where client_id = ${customer.id} and id > 0`)),
        );
        expect(rows.rows.map((row) => row.client_id)).toEqual([customer.id]);
      }
    });
    // Every statement parsed was the kept one (BEGIN and COMMIT go as simple queries), once per connection.
    expect(counted.parses).toBe(counted.connections);
    expect(counted.added).toBe(counted.connections);
  });

  it("keeps the own account's read and lock, each parsed once per connection", async () => {
    const counted = await parsesOf(async () => {
      for (let run = 0; run < 4; run += 1) {
        await readAsTenant(ctx.database.db, accountA.customerId, (tx) => lockAccount(tx, accountA.customerId, accountA.id, false));
        await withTenant(ctx.database.db, accountA.customerId, (tx) => lockAccount(tx, accountA.customerId, accountA.id));
      }
    });
    // Eight look-ups, at most the two statements parsed once on each connection (a login may have kept them before).
    expect(counted.parses).toBeLessThanOrEqual(2 * counted.connections);
  });

  it("the own account's read answers each account its own row, locked or only read, and refuses another customer's", async () => {
    for (let run = 0; run < 7; run += 1) {
      for (const account of [accountA, accountB]) {
        const read = await readAsTenant(ctx.database.db, account.customerId, (tx) => lockAccount(tx, account.customerId, account.id, false));
        const locked = await withTenant(ctx.database.db, account.customerId, (tx) => lockAccount(tx, account.customerId, account.id));
        expect([read.id, read.customerId, locked.id, locked.customerId]).toEqual([account.id, account.customerId, account.id, account.customerId]);
      }
      await expect(readAsTenant(ctx.database.db, accountA.customerId, (tx) => lockAccount(tx, accountB.customerId, accountB.id, false))).rejects.toMatchObject({ status: 401 });
    }
  });
  it(`keeps at most ${MAX_KEPT_PREPARED} statements per connection; past that, reads are parsed each time and answer as well`, async () => {
    const counted = await parsesOf(() =>
      readAsTenant(ctx.database.db, customerA.id, async (tx) => {
        for (let n = 0; n < MAX_KEPT_PREPARED + 5; n += 1) {
          // A text of its own each time, with a parameter (so that it is parsed, not sent as a simple query).
          const rows = await tx.execute<{ n: number }>(keptPrepared(sql`select ${sql.raw(String(n))}::int + ${0}::int as n`));
          expect(rows.rows).toEqual([{ n }]);
        }
      }),
    );
    expect(counted.kept).toBe(MAX_KEPT_PREPARED);
    // Every one of them was parsed once: those kept, and those past the limit.
    expect(counted.parses).toBe(MAX_KEPT_PREPARED + 5);
  });
});
