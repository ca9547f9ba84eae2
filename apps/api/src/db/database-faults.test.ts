import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, feedback } from '@portal/contract';
import type { EmbeddedCluster } from './embedded.js';
import { startScratchCluster } from '../test/scratch-cluster.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/auth-helpers.js';

/** The postmaster and every process it started (the sessions' backends). */
function clusterProcesses(postmaster: number): number[] {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

let scratch: Awaited<ReturnType<typeof startScratchCluster>>;
let cluster: EmbeddedCluster;
let ctx: TestContext;
let token: string;
let frozen: number[] = [];

beforeAll(async () => {
  scratch = await startScratchCluster();
  cluster = scratch.cluster;
  ctx = await createTestContext({ adminUrl: cluster.urlFor('postgres'), timeouts: { statementMs: 1000, poolWaitMs: 1000 } });
  const account = await createAccount(ctx, await createCustomer(ctx));
  token = (await login(ctx, account)).accessToken;
});
afterAll(async () => {
  for (const pid of frozen) process.kill(pid, 'SIGCONT');
  await ctx?.close();
  await scratch?.remove();
});

const authenticatedCall = () => call(ctx, calls.account.isTotpEnabled, { token });

function expectUnavailable(res: Awaited<ReturnType<typeof authenticatedCall>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 503, title: feedback.serviceUnavailable });
}

describe('a database that stalls or dies', () => {
  it('answers 503 with Retry-After while PostgreSQL is frozen, says not ready but alive, and recovers when it thaws', async () => {
    expect((await authenticatedCall()).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);

    frozen = clusterProcesses(cluster.pid!);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    expectUnavailable(await authenticatedCall());
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });

    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    frozen = [];
    await expect.poll(async () => (await authenticatedCall()).statusCode, { timeout: 30_000, interval: 200 }).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  // The restart waits for the old sessions to go and backs off from 1 s: on a busy machine that takes a while.
  it('answers 503 while the killed PostgreSQL is started again, then serves again without an API restart', { timeout: 90_000 }, async () => {
    const before = cluster.pid!;
    process.kill(before, 'SIGKILL');
    // A session whose postmaster died ends itself a moment later: until then a call may still be served.
    let answer = await authenticatedCall();
    await expect
      .poll(
        async () => {
          answer = await authenticatedCall();
          return answer.statusCode;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(503);
    expectUnavailable(answer);
    await expect.poll(async () => (await authenticatedCall()).statusCode, { timeout: 60_000, interval: 250 }).toBe(200);
    expect(cluster.pid).not.toBe(before);
  });
});
