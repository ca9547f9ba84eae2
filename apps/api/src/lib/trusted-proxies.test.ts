import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls } from '@portal/contract';
import { loadConfig } from '../config.js';
import { call, createTestContext, type TestContext } from '../test/harness.js';

/**
 * Issue 31.5: the client's address is the one the trusted proxies name, never one a client writes into
 * X-Forwarded-For itself; the login limit per address and the audit trail both read it.
 */

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses and CIDRs, and refuses "true", which would believe any client', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not a hop count \(0–10\) nor addresses\/CIDRs: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'balancer' })).toThrow(/TRUST_PROXY/);
  });
});

describe('behind one trusted load balancer', () => {
  let ctx: TestContext;
  const limit = 5;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { TRUST_PROXY: 1, AUTH_RATE_LIMIT_PER_ADDRESS: limit } });
  });
  afterAll(() => ctx.close());

  const failedLogin = (forwardedFor: string, balancer = '10.1.2.3') =>
    call(ctx, calls.authentication.loginWithCredentials, {
      body: { emailAddress: 'niemand@nergens.example', password: 'Verkeerd#wachtwoord1' },
      remoteAddress: balancer,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts a client that forges a new X-Forwarded-For each time as the one address the balancer saw', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      // The client wrote the first address; the balancer appended the one it saw.
      statuses.push((await failedLogin(`198.51.100.${attempt + 1}, 203.0.113.7`)).statusCode);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same balancer has a budget of its own.
    expect((await failedLogin('203.0.113.8')).statusCode).not.toBe(429);
  });

  it('writes the address the balancer saw into the audit trail, never the forged one', async () => {
    await failedLogin('192.0.2.66, 203.0.113.9');
    const rows = await ctx.database.ownerDb.execute<{ address: string }>(
      sql`select host(address) as address from audit_log where action = 'Login' and outcome = 'Failure' order by id`,
    );
    const addresses = rows.rows.map((row) => row.address);
    expect(addresses).toContain('203.0.113.9');
    expect(addresses.filter((address) => address.startsWith('198.51.100.') || address === '192.0.2.66')).toEqual([]);
  });
});

describe('without trusted proxies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { TRUST_PROXY: false } });
  });
  afterAll(() => ctx.close());

  it('takes the socket’s address and ignores X-Forwarded-For', async () => {
    await call(ctx, calls.authentication.loginWithCredentials, {
      body: { emailAddress: 'niemand@nergens.example', password: 'Verkeerd#wachtwoord1' },
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    const rows = await ctx.database.ownerDb.execute<{ address: string }>(sql`select host(address) as address from audit_log where action = 'Login' order by id`);
    expect(rows.rows.map((row) => row.address)).toEqual(['10.9.8.7']);
  });
});
