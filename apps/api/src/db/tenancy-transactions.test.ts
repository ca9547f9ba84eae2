/**
 * The app pool's transactions and reads (decision 0037): what withTenant does when its connection dies, how many
 * round trips a transaction and a read take, and readAsTenant's read-only, one-round-trip reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { patients } from './schema.js';
import { inTransaction, isTenantTx, readAsTenant, withTenant, type Tx } from './tenancy.js';
import type { TestCustomer, TestContext } from '../test/harness.js';
import { tenancyFixture, watchingConnections as watchingConnectionsOf } from './tenancy-test-context.js';

const fixture = tenancyFixture();
let ctx: TestContext;
let customerA: TestCustomer;
let customerB: TestCustomer;
beforeAll(() => {
  ({ ctx, customerA, customerB } = fixture);
});

/** watchingConnections on the app pool. */
const watchingConnections = (act: () => Promise<unknown>, watch: (client: pg.PoolClient) => () => void) =>
  watchingConnectionsOf(ctx.database.appPool, act, watch);

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
      return { first: first.map((row) => row.customerId), setting: second.rows[0] };
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
    // The second statement waits for a lock the test holds, so that it answers only when the test lets it.
    const holder = await ctx.database.ownerPool.connect();
    try {
      await holder.query('select pg_advisory_lock(278)');
      let slowAnswered = false;
      let ended = false;
      let firstFailed!: () => void;
      const failedFirst = new Promise<void>((resolve) => {
        firstFailed = resolve;
      });
      const attempt = readAsTenant(ctx.database.db, customerA.id, (tx) => {
        // Written in this order (a drizzle statement is sent when it is awaited): the failing one first.
        const failing = tx.execute(sql`select 1 / 0`).then(
          () => undefined,
          (error: unknown) => {
            firstFailed();
            throw error;
          },
        );
        const slow = tx.execute(sql`select pg_advisory_xact_lock_shared(278)`).then(() => {
          slowAnswered = true;
        });
        return Promise.all([failing, slow]);
      });
      void attempt.catch(() => undefined).finally(() => {
        ended = true;
      });
      await failedFirst;
      // Whatever the failure set off in this turn has run; the read still waits for its other statement.
      await new Promise((resolve) => setImmediate(resolve));
      expect(ended).toBe(false);
      await holder.query('select pg_advisory_unlock(278)');
      await expect(attempt).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      expect(slowAnswered).toBe(true);
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }
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
