import { afterAll, beforeAll } from 'vitest';
import type pg from 'pg';
import { createAccount, createCustomer, createTestContext, type TestAccount, type TestCustomer, type TestContext } from '../test/harness.js';
import { freshAddress, login } from '../test/auth-helpers.js';

// The one set-up of the tenancy test files (row-level security, the app pool's transactions and reads, the
// statements kept per connection): each file its own database and app, with two customers to keep apart.

export interface TenancyFixture {
  ctx: TestContext;
  customerA: TestCustomer;
  customerB: TestCustomer;
  accountA: TestAccount;
  accountB: TestAccount;
}

/**
 * Two customers with an account each, and sessions and one-time tokens on both sides (made through the API),
 * in a database of the file's own. The fields are filled before the file's own hooks run.
 */
export function tenancyFixture(): TenancyFixture {
  const fixture = {} as TenancyFixture;
  beforeAll(async () => {
    const ctx = await createTestContext();
    fixture.ctx = ctx;
    fixture.customerA = await createCustomer(ctx, 'Apotheek A');
    fixture.customerB = await createCustomer(ctx, 'Zorginstelling B');
    fixture.accountA = await createAccount(ctx, fixture.customerA);
    fixture.accountB = await createAccount(ctx, fixture.customerB);
    await login(ctx, fixture.accountA, { remoteAddress: freshAddress() });
    await login(ctx, fixture.accountB, { remoteAddress: freshAddress() });
    for (const account of [fixture.accountA, fixture.accountB]) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/portal/Authentication/RequestPasswordResetToken',
        payload: { emailAddress: account.emailAddress },
      });
    }
  });
  afterAll(async () => {
    await fixture.ctx?.close();
  });
  return fixture;
}

/**
 * Runs `act` with `watch` applied to every connection `pool` hands out meanwhile (once each); what `watch`
 * returns undoes it afterwards. Returns the connections watched.
 */
export async function watchingConnections(
  pool: pg.Pool,
  act: () => Promise<unknown>,
  watch: (client: pg.PoolClient) => () => void,
): Promise<pg.PoolClient[]> {
  const undos = new Map<pg.PoolClient, () => void>();
  const acquired = (client: pg.PoolClient) => {
    if (!undos.has(client)) undos.set(client, watch(client));
  };
  pool.on('acquire', acquired);
  try {
    await act();
  } finally {
    pool.off('acquire', acquired);
    for (const undo of undos.values()) undo();
  }
  return [...undos.keys()];
}
