/**
 * Row-level security as the app role (portal_app) sees it: a query without any filter shows only the rows
 * of the customer set for the transaction, and nothing at all when none is set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { patients } from './schema.js';
import { isTenantTx, withTenant } from './tenancy.js';
import type { TestAccount, TestCustomer, TestContext } from '../test/harness.js';
import { tenancyFixture } from './tenancy-test-context.js';

const fixture = tenancyFixture();
let ctx: TestContext;
let customerA: TestCustomer;
let customerB: TestCustomer;
let accountA: TestAccount;
let accountB: TestAccount;
beforeAll(() => {
  ({ ctx, customerA, customerB, accountA, accountB } = fixture);
});

/** Runs `fn` on one portal_app connection inside a transaction (rolled back), as customer `customerId` if given. */
async function asApp<T>(customerId: string | null, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await ctx.database.appPool.connect();
  try {
    await client.query('begin');
    if (customerId) await client.query(`select set_config('app.client_id', $1, true)`, [customerId]);
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
          [customerB.id, customerB.departmentId],
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
    expect(rows.map((row) => row.customerId)).toEqual([customerB.id]);
    const none = await ctx.database.db.execute(sql`select * from patients`);
    expect(none.rows).toHaveLength(0);
  });

  it('one connection serves customer after customer, each transaction marked with its own', async () => {
    const seen: { client: unknown; tx: unknown; rows: string[] }[] = [];
    // One after the other: the pool hands the same idle connection out again, with the drizzle database kept on it.
    for (const customer of [customerA, customerB, customerA]) {
      await withTenant(ctx.database.db, customer.id, async (tx) => {
        const rows = await tx.select().from(patients);
        seen.push({ client: (tx as unknown as { $client: unknown }).$client, tx, rows: rows.map((row) => row.customerId) });
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
