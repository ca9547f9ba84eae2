/**
 * Row-level security as the app role (portal_app) sees it: a query without any filter shows only the rows
 * of the customer set for the transaction, and nothing at all when none is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { KEPT_PAGE_ROWS, tableStatements } from '../lib/tables.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { deliveryScheduleTable } from '../modules/delivery-schedules/delivery-schedules.table.js';
import { invoiceTable } from '../modules/invoices/invoices.table.js';
import { packingOrderTable } from '../modules/packing-orders/packing-orders.table.js';
import { accounts, patients } from './schema.js';
import { builtOnce, inTransaction, isTenantTx, keptPrepared, MAX_KEPT_PREPARED, readAsTenant, withTenant, type Tx } from './tenancy.js';
import { lockAccount } from '../modules/auth/auth.shared.js';
import {
  createAccount,
  createClient,
  createTestContext,
  type TestAccount,
  type TestClient,
  type TestContext,
} from '../test/harness.js';
import { freshAddress, login } from '../test/auth-helpers.js';

let ctx: TestContext;
let customerA: TestClient;
let customerB: TestClient;
let accountA: TestAccount;
let accountB: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext();
  customerA = await createClient(ctx, 'Apotheek A');
  customerB = await createClient(ctx, 'Zorginstelling B');
  accountA = await createAccount(ctx, customerA);
  accountB = await createAccount(ctx, customerB);
  // Sessions and one-time tokens on both sides, through the API.
  await login(ctx, accountA, { remoteAddress: freshAddress() });
  await login(ctx, accountB, { remoteAddress: freshAddress() });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/portal/Authentication/RequestPasswordResetToken',
    payload: { emailAddress: accountA.emailAddress },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/portal/Authentication/RequestPasswordResetToken',
    payload: { emailAddress: accountB.emailAddress },
  });
});
afterAll(async () => {
  await ctx?.close();
});

/** Runs `fn` on one portal_app connection inside a transaction (rolled back), as customer `clientId` if given. */
async function asApp<T>(clientId: string | null, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await ctx.database.appPool.connect();
  try {
    await client.query('begin');
    if (clientId) await client.query(`select set_config('app.client_id', $1, true)`, [clientId]);
    return await fn(client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

const customerTables = ['facilities', 'patients', 'accounts', 'session_families', 'refresh_tokens', 'one_time_tokens'];

describe('row-level security for portal_app', () => {
  it('the setup really has rows of both customers (seen by the owner)', async () => {
    for (const table of [...customerTables, 'clients']) {
      const column = table === 'clients' ? 'id' : 'client_id';
      const { rows } = await ctx.database.ownerPool.query<{ id: string }>(`select distinct ${column} as id from ${table}`);
      const ids = rows.map((row) => row.id);
      expect(ids, table).toContain(customerA.id);
      expect(ids, table).toContain(customerB.id);
    }
  });

  it('a query without any filter answers only the rows of the customer set', async () => {
    await asApp(customerA.id, async (client) => {
      for (const table of customerTables) {
        const { rows } = await client.query<{ client_id: string }>(`select * from ${table}`);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row.client_id)), table).toEqual(new Set([customerA.id]));
      }
      const clients = await client.query<{ id: string }>('select * from clients');
      expect(clients.rows.map((row) => row.id)).toEqual([customerA.id]);
      const patientRows = await client.query<{ id: number }>('select id from patients');
      expect(patientRows.rows.map((row) => row.id)).toEqual([customerA.patientId]);
      const accountRows = await client.query<{ id: number; email_address: string }>('select id, email_address from accounts');
      expect(accountRows.rows.map((row) => row.email_address)).toEqual([accountA.emailAddress]);
    });
    await asApp(customerB.id, async (client) => {
      const { rows } = await client.query<{ client_id: string }>('select client_id from patients');
      expect(rows.map((row) => row.client_id)).toEqual([customerB.id]);
    });
  });

  it('a filter on the other customer finds nothing', async () => {
    await asApp(customerA.id, async (client) => {
      const { rows } = await client.query('select * from patients where client_id = $1', [customerB.id]);
      expect(rows).toHaveLength(0);
      const byId = await client.query('select * from accounts where id = $1', [accountB.id]);
      expect(byId.rows).toHaveLength(0);
    });
  });

  it('with no customer set, no rows at all', async () => {
    await asApp(null, async (client) => {
      for (const table of [...customerTables, 'clients']) {
        const { rows } = await client.query(`select * from ${table}`);
        expect(rows, table).toHaveLength(0);
      }
    });
    // Nor outside any transaction.
    const { rows } = await ctx.database.appPool.query('select * from patients');
    expect(rows).toHaveLength(0);
  });

  it('the setting ends with its transaction: a pooled connection does not carry it over', async () => {
    const client = await ctx.database.appPool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('app.client_id', $1, true)`, [customerA.id]);
      expect((await client.query('select * from patients')).rows).toHaveLength(1);
      await client.query('commit');
      expect((await client.query('select * from patients')).rows).toHaveLength(0);
      await client.query('begin');
      expect((await client.query('select * from accounts')).rows).toHaveLength(0);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('an empty customer setting shows nothing', async () => {
    await asApp(null, async (client) => {
      await client.query(`select set_config('app.client_id', '', true)`);
      expect((await client.query('select * from patients')).rows).toHaveLength(0);
    });
  });

  it('inserting a row for another customer is refused', async () => {
    await asApp(customerA.id, async (client) => {
      await expect(
        client.query(`insert into facilities (client_id, name) values ($1, 'Stiekem')`, [customerB.id]),
      ).rejects.toThrow(/row-level security/);
    });
    await asApp(customerA.id, async (client) => {
      await expect(
        client.query(
          `insert into patients (client_id, facility_id, first_name, last_name, birth_date) values ($1, $2, 'X', 'Y', '1950-01-01')`,
          [customerB.id, customerB.facilityId],
        ),
      ).rejects.toThrow(/row-level security/);
    });
    // With no customer set, nothing can be inserted either.
    await asApp(null, async (client) => {
      await expect(
        client.query(`insert into facilities (client_id, name) values ($1, 'Niemand')`, [customerA.id]),
      ).rejects.toThrow(/row-level security/);
    });
    // For the own customer it works.
    await asApp(customerA.id, async (client) => {
      const { rowCount } = await client.query(`insert into facilities (client_id, name) values ($1, 'Eigen')`, [customerA.id]);
      expect(rowCount).toBe(1);
    });
  });

  it("moving an own row to another customer is refused; the other's rows cannot be changed or deleted", async () => {
    await asApp(customerA.id, async (client) => {
      await expect(client.query('update patients set client_id = $1', [customerB.id])).rejects.toThrow(/row-level security|foreign key/);
    });
    await asApp(customerA.id, async (client) => {
      const updated = await client.query(`update accounts set first_name = 'Gehackt' where client_id = $1`, [customerB.id]);
      expect(updated.rowCount).toBe(0);
      const deleted = await client.query('delete from session_families where client_id = $1', [customerB.id]);
      expect(deleted.rowCount).toBe(0);
      const all = await client.query(`update accounts set failed_login_count = failed_login_count`);
      expect(all.rowCount).toBe(1);
    });
    const { rows } = await ctx.database.ownerPool.query<{ first_name: string }>(
      'select first_name from accounts where client_id = $1',
      [customerB.id],
    );
    expect(rows.map((row) => row.first_name)).not.toContain('Gehackt');
  });

  it('clients are read-only for the app', async () => {
    await asApp(customerA.id, async (client) => {
      await expect(
        client.query(`insert into clients (client_code, name, kind) values ('X-1', 'Nep', 'Pharmacy')`),
      ).rejects.toThrow(/permission denied/);
    });
    await asApp(customerA.id, async (client) => {
      await expect(client.query(`update clients set name = 'Anders'`)).rejects.toThrow(/permission denied/);
    });
  });

  it('withTenant (what the services use) sees the same', async () => {
    const rows = await withTenant(ctx.database.db, customerB.id, (tx) => tx.select().from(patients));
    expect(rows.map((row) => row.clientId)).toEqual([customerB.id]);
    const none = await ctx.database.db.execute(sql`select * from patients`);
    expect(none.rows).toHaveLength(0);
  });

  it('one connection serves customer after customer, each transaction marked with its own', async () => {
    const seen: { client: unknown; tx: unknown; rows: string[] }[] = [];
    // One after the other: the pool hands the same idle connection out again, with the drizzle database kept on it.
    for (const customer of [customerA, customerB, customerA]) {
      await withTenant(ctx.database.db, customer.id, async (tx) => {
        const rows = await tx.select().from(patients);
        seen.push({ client: (tx as unknown as { $client: unknown }).$client, tx, rows: rows.map((row) => row.clientId) });
        expect(isTenantTx(tx)).toBe(true);
      });
    }
    expect(seen.map((s) => s.rows)).toEqual([[customerA.id], [customerB.id], [customerA.id]]);
    expect(seen[1]!.client).toBe(seen[0]!.client);
    expect(new Set(seen.map((s) => s.tx)).size).toBe(3);
    expect(isTenantTx(ctx.database.db)).toBe(false);
  });
});

describe('the app role', () => {
  it('is portal_app: not a superuser, no BYPASSRLS, and owns no table', async () => {
    const { rows } = await ctx.database.appPool.query<{ user: string }>('select current_user as user');
    expect(rows[0]!.user).toBe('portal_app');
    const role = await ctx.database.appPool.query<{ rolsuper: boolean; rolbypassrls: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>(
      `select rolsuper, rolbypassrls, rolcreaterole, rolcreatedb from pg_roles where rolname = 'portal_app'`,
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false }]);
    const owned = await ctx.database.ownerPool.query(
      `select tablename from pg_tables where schemaname = 'public' and tableowner = 'portal_app'`,
    );
    expect(owned.rows).toEqual([]);
  });

  it('every table with a client_id has row-level security on, or is not readable by the app', async () => {
    const { rows } = await ctx.database.ownerPool.query<{ table: string; rls: boolean; readable: boolean }>(`
      select c.relname as table, c.relrowsecurity as rls, has_table_privilege('portal_app', c.oid, 'SELECT') as readable
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped)
             or c.relname = 'clients')`);
    expect(rows.length).toBeGreaterThanOrEqual(customerTables.length + 1);
    for (const row of rows) {
      expect(row.rls || !row.readable, `${row.table}: readable by portal_app without row-level security`).toBe(true);
    }
  });

  it('can queue mail but not read, change or delete the outbox (it may hold reset links and patient data)', async () => {
    const { appPool } = ctx.database;
    await expect(
      appPool.query(`insert into mail_outbox (to_address, subject, text_body) values ('a@portal.test', 'Onderwerp', 'Tekst')`),
    ).resolves.toBeDefined();
    await expect(appPool.query('select * from mail_outbox')).rejects.toThrow(/permission denied/);
    await expect(appPool.query('update mail_outbox set subject = $1', ['x'])).rejects.toThrow(/permission denied/);
    await expect(appPool.query('delete from mail_outbox')).rejects.toThrow(/permission denied/);
  });

  it('cannot switch row-level security off or change policies', async () => {
    await expect(ctx.database.appPool.query('alter table patients disable row level security')).rejects.toThrow(/owner|permission/);
    await expect(ctx.database.appPool.query('drop policy tenant_isolation on patients')).rejects.toThrow(/owner|permission/);
    await expect(ctx.database.appPool.query('set role postgres')).rejects.toThrow(/permission|does not exist/);
  });
});

describe('the audit trail as the app writes it', () => {
  it("refuses a row of another customer, or of any customer outside that customer's transaction", async () => {
    await asApp(customerA.id, async (client) => {
      await expect(
        client.query(`insert into audit_log (action, outcome, client_id) values ('Stiekem', 'Success', $1)`, [customerB.id]),
      ).rejects.toThrow(/row-level security/);
    });
    await asApp(null, async (client) => {
      await expect(
        client.query(`insert into audit_log (action, outcome, client_id) values ('Stiekem', 'Success', $1)`, [customerA.id]),
      ).rejects.toThrow(/row-level security/);
    });
  });

  it('takes rows of its own customer and rows of no customer (before login), always at the database clock', async () => {
    const written = await asApp(customerA.id, async (client) => {
      const own = `Eigen-${Date.now()}`;
      const anonymous = `Anoniem-${Date.now()}`;
      await client.query(`insert into audit_log (action, outcome, client_id, at) values ($1, 'Success', $2, '2001-01-01T00:00:00Z')`, [own, customerA.id]);
      await client.query(`insert into audit_log (action, outcome, client_id, at) values ($1, 'Failure', null, '2099-01-01T00:00:00Z')`, [anonymous]);
      await client.query('commit');
      return [own, anonymous];
    });
    const { rows } = await ctx.database.ownerPool.query<{ action: string; at: Date }>(
      'select action, at from audit_log where action = any($1)',
      [written],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });
});

describe('withTenant when its connection dies mid-transaction', () => {
  it('rejects with the failure and leaves the process and the pool working (no unhandled error event)', async () => {
    const attempt = withTenant(ctx.database.db, customerA.id, async (tx) => {
      const connection = (tx as unknown as { $client: pg.PoolClient }).$client;
      const ended = new Promise<void>((resolve) => connection.once('end', () => resolve()));
      const { rows } = await connection.query<{ pid: number }>('select pg_backend_pid() as pid');
      // The database ends this session while no query of ours is running: the connection reports it as an event.
      await ctx.database.ownerPool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      await tx.select().from(patients);
    });
    await expect(attempt).rejects.toThrow();
    const seen = await withTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients));
    expect(seen.length).toBeGreaterThan(0);
  });
});

/**
 * Runs `act` with `watch` applied to every connection the pool hands out meanwhile (once each); what `watch`
 * returns undoes it afterwards. Returns the connections watched.
 */
async function watchingConnections(act: () => Promise<unknown>, watch: (client: pg.PoolClient) => () => void): Promise<pg.PoolClient[]> {
  const undos = new Map<pg.PoolClient, () => void>();
  const acquired = (client: pg.PoolClient) => {
    if (!undos.has(client)) undos.set(client, watch(client));
  };
  ctx.database.appPool.on('acquire', acquired);
  try {
    await act();
  } finally {
    ctx.database.appPool.off('acquire', acquired);
    for (const undo of undos.values()) undo();
  }
  return [...undos.keys()];
}

/**
 * The round trips the pooled connections make while `act` runs: each time one writes after it had its answers (or
 * first), it waits for the database once more.
 */
async function roundTripsOf(act: () => Promise<unknown>): Promise<number> {
  let trips = 0;
  await watchingConnections(act, (client) => {
    let waiting = false;
    const { stream } = client.connection;
    const write = stream.write;
    stream.write = function (this: typeof stream, ...args: Parameters<typeof write>) {
      if (!waiting) trips += 1;
      waiting = true;
      return write.apply(this, args);
    } as typeof write;
    const answered = () => {
      waiting = false;
    };
    client.connection.on('readyForQuery', answered);
    return () => {
      stream.write = write;
      client.connection.off('readyForQuery', answered);
    };
  });
  return trips;
}

describe('round trips of the app pool (decision 0037)', () => {
  it('a transaction with one statement takes two: BEGIN and its setting travel with the statement, then COMMIT', async () => {
    expect(await roundTripsOf(() => withTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients)))).toBe(2);
  });

  it('a read takes one: BEGIN READ ONLY with the setting, the statement and COMMIT are written at once', async () => {
    expect(await roundTripsOf(() => readAsTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients)))).toBe(1);
    // Statements asked at once share their round trip.
    const both = () => readAsTenant(ctx.database.db, customerA.id, (tx) => Promise.all([tx.select().from(patients), tx.select().from(patients)]));
    expect(await roundTripsOf(both)).toBe(1);
  });

  it('a BEGIN that fails is the error thrown, and nothing of the transaction is kept', async () => {
    const before = await ctx.database.ownerPool.query<{ n: number }>('select count(*)::int as n from patients');
    const attempt = inTransaction(ctx.database.db, `begin; select no_such_function()`, async (client) => {
      // A write that would be allowed in the customer's transaction: refused, as it runs in none that began.
      await client
        .query(`insert into patients (client_id, facility_id, first_name, last_name, birth_date) select client_id, facility_id, 'Nooit', 'Nooit', birth_date from patients limit 1`)
        .catch(() => undefined);
      return 'done';
    });
    await expect(attempt).rejects.toThrow(/no_such_function/);
    const after = await ctx.database.ownerPool.query<{ n: number }>('select count(*)::int as n from patients');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    // The connection is usable again.
    expect(await withTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients))).toHaveLength(1);
  });
});

describe('readAsTenant (decision 0037)', () => {
  it('sees only the rows of its customer, statement after statement, and marks its database a tenant one', async () => {
    const seen = await readAsTenant(ctx.database.db, customerB.id, async (tx) => {
      expect(isTenantTx(tx)).toBe(true);
      const first = await tx.select().from(patients);
      const second = await tx.execute<{ client: string; readOnly: string }>(
        sql`select current_setting('app.client_id') as client, current_setting('transaction_read_only') as "readOnly"`,
      );
      return { first: first.map((row) => row.clientId), setting: second.rows[0] };
    });
    expect(seen).toEqual({ first: [customerB.id], setting: { client: customerB.id, readOnly: 'on' } });
  });

  it('refuses every write (read-only), keeps nothing, and its connection serves on', async () => {
    const attempt = readAsTenant(ctx.database.db, customerA.id, (tx) =>
      tx.execute(sql`update patients set last_name = 'Gewijzigd' where client_id = ${customerA.id}`),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
    const names = await ctx.database.ownerPool.query<{ last_name: string }>('select last_name from patients where client_id = $1', [customerA.id]);
    expect(names.rows.map((row) => row.last_name)).not.toContain('Gewijzigd');
    expect(await readAsTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients))).toHaveLength(1);
  });

  it('a failing statement rejects with its own error; the others asked with it still answer', async () => {
    const outcome = await readAsTenant(ctx.database.db, customerA.id, (tx) =>
      Promise.allSettled([tx.select().from(patients), tx.execute(sql`select 1 / 0`), tx.select().from(patients)]),
    );
    expect(outcome.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcome[1] as PromiseRejectedResult).reason).toMatchObject({ cause: { message: 'division by zero' } });
  });

  it('gives its connection back only when every statement it wrote has its answer, also when one failed first', async () => {
    let slowAnswered = false;
    const attempt = readAsTenant(ctx.database.db, customerA.id, (tx) => {
      // Written in this order (a drizzle statement is sent when it is awaited): the failing one first.
      const failing = tx.execute(sql`select 1 / 0`).then(() => undefined);
      const slow = tx.execute(sql`select pg_sleep(0.05)`).then(() => {
        slowAnswered = true;
      });
      return Promise.all([failing, slow]);
    });
    await expect(attempt).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(slowAnswered).toBe(true);
  });

  it('leaves no transaction and no setting behind on its connection', async () => {
    let connection: pg.PoolClient | undefined;
    const take = (client: pg.PoolClient) => {
      connection = client;
    };
    ctx.database.appPool.once('acquire', take);
    await readAsTenant(ctx.database.db, customerA.id, (tx) => tx.select().from(patients));
    ctx.database.appPool.off('acquire', take);
    // The same idle connection is handed out next: outside any transaction, it sees no customer.
    const after = await ctx.database.appPool.query<{ client: string; rows: number }>(
      `select coalesce(current_setting('app.client_id', true), '') as client, (select count(*)::int from patients) as rows`,
    );
    expect(after.rows[0]).toEqual({ client: '', rows: 0 });
    expect(connection).toBeDefined();
  });

  it('refuses a statement once its readAsTenant has ended', async () => {
    let kept: Tx | undefined;
    await readAsTenant(ctx.database.db, customerA.id, async (tx) => {
      kept = tx;
    });
    await expect(kept!.select().from(patients)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/outside its readAsTenant/) } });
  });

  it('refuses a customer id that is not a UUID before it reaches the database', async () => {
    await expect(readAsTenant(ctx.database.db, `x'; select 1; --`, async () => 1)).rejects.toThrow(/not a UUID/);
  });
});

describe('statements kept prepared in readAsTenant (decision 0037)', () => {
  /**
   * Runs `act`, counting the statements parsed on the connections the pool hands out meanwhile, and how many
   * statements those keep prepared under the portal's names.
   */
  async function parsesOf(act: () => Promise<unknown>): Promise<{ parses: number; connections: number; kept: number; added: number }> {
    let parses = 0;
    const before = new Map<pg.PoolClient, number>();
    const keptOn = (client: pg.PoolClient) =>
      Object.keys((client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements).filter((name) => name.startsWith('portal_')).length;
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

  const ownPatients = (tx: Tx, clientId: string) =>
    tx.execute<{ client_id: string }>(keptPrepared(sql`select client_id from patients where client_id = ${clientId}`));

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

  it('is a comment and nothing more in a withTenant transaction', async () => {
    const counted = await parsesOf(() => withTenant(ctx.database.db, customerA.id, (tx) => ownPatients(tx, customerA.id)));
    expect(counted.added).toBe(0);
  });
});

describe('queries built once per connection (builtOnce)', () => {
  /** The query of a customer's patients, its customer a placeholder; `built` counts how often it is built. */
  function patientsQuery(built: { count: number }) {
    return (tx: Tx) =>
      builtOnce(tx, 'test:patients', (db) => {
        built.count += 1;
        return db.select({ clientId: patients.clientId }).from(patients).where(eq(patients.clientId, sql.placeholder('clientId'))).prepare('portal_test_patients');
      });
  }

  it('builds a query once per connection, in transactions and reads alike, and each run answers its own values', async () => {
    const built = { count: 0 };
    const query = patientsQuery(built);
    const clients = await watchingConnections(async () => {
      for (let run = 0; run < 6; run += 1) {
        const customer = run % 2 === 0 ? customerA : customerB;
        const rows = await (run < 3 ? withTenant : readAsTenant)(ctx.database.db, customer.id, (tx) => query(tx).execute({ clientId: customer.id }));
        expect(rows.map((row) => row.clientId)).toEqual([customer.id]);
      }
    }, () => () => undefined);
    // Transactions and reads have a drizzle database each per connection: at most two builds per connection.
    expect(built.count).toBeGreaterThanOrEqual(1);
    expect(built.count).toBeLessThanOrEqual(2 * clients.length);
  });

  it('a query kept for one customer answers another nothing of the first (row-level security holds)', async () => {
    const query = patientsQuery({ count: 0 });
    for (let run = 0; run < 7; run += 1) {
      const rows = await readAsTenant(ctx.database.db, customerA.id, (tx) => query(tx).execute({ clientId: customerB.id }));
      expect(rows).toEqual([]);
    }
  });

  it('outside a connection (the pool itself) builds the query each time', async () => {
    const built = { count: 0 };
    for (let run = 0; run < 3; run += 1) {
      builtOnce(ctx.database.db, 'test:pool', (db) => {
        built.count += 1;
        return db.select().from(accounts);
      });
    }
    expect(built.count).toBe(3);
  });

  it("the own account's read answers each account its own row, locked or only read, and refuses another customer's", async () => {
    for (let run = 0; run < 7; run += 1) {
      for (const account of [accountA, accountB]) {
        const read = await readAsTenant(ctx.database.db, account.clientId, (tx) => lockAccount(tx, account.clientId, account.id, false));
        const locked = await withTenant(ctx.database.db, account.clientId, (tx) => lockAccount(tx, account.clientId, account.id));
        expect([read.id, read.clientId, locked.id, locked.clientId]).toEqual([account.id, account.clientId, account.id, account.clientId]);
      }
      await expect(readAsTenant(ctx.database.db, accountA.clientId, (tx) => lockAccount(tx, accountB.clientId, accountB.id, false))).rejects.toMatchObject({ status: 401 });
    }
  });
});
