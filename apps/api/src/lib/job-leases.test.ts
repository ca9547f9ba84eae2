import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { pollUntil } from '../test/poll.js';
import { JobLeases } from './job-leases.js';
import { PeriodicJob } from './periodic-job.js';

/** Issue 31.6: a periodic job runs once per interval across all processes, however many look for its turn. */

let ctx: TestContext;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await ctx.close();
});

/** A process of its own: a pool of its own on the same database. */
function processPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: String(ctx.database.ownerPool.options.connectionString), max: 2 });
  pools.push(pool);
  return pool;
}

const lease = async (name: string) =>
  (await ctx.database.ownerPool.query<{ runs: number; last_outcome: string | null }>('select runs, last_outcome from job_leases where name = $1', [name])).rows[0];

describe('a job’s turn', () => {
  it('is taken by one of many processes asking at once, and by none until its interval has passed', async () => {
    const processes = Array.from({ length: 6 }, () => new JobLeases(processPool()));
    const taken = await Promise.all(processes.flatMap((leases) => [leases.take('daily', 86_400_000), leases.take('daily', 86_400_000)]));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await processes[3]!.take('daily', 86_400_000)).toBe(false);
    // The interval has passed.
    await ctx.database.ownerPool.query(`update job_leases set next_run_at = now() - interval '1 second' where name = 'daily'`);
    const next = await Promise.all(processes.map((leases) => leases.take('daily', 86_400_000)));
    expect(next.filter(Boolean)).toHaveLength(1);
    expect((await lease('daily'))?.runs).toBe(2);
  });

  it('comes back within five minutes after a failed run, not after a whole interval', async () => {
    const leases = new JobLeases(processPool());
    expect(await leases.take('weekly', 7 * 86_400_000)).toBe(true);
    await leases.end('weekly', 'failed');
    const row = await ctx.database.ownerPool.query<{ back_within: boolean }>(
      `select next_run_at <= now() + interval '5 minutes' as back_within from job_leases where name = 'weekly'`,
    );
    expect(row.rows[0]?.back_within).toBe(true);
    expect((await lease('weekly'))?.last_outcome).toBe('failed');
  });
});

describe('two processes running the same periodic job', () => {
  it('run it once in its interval, while both keep looking for their turn', async () => {
    let runs = 0;
    const looks = [0, 0];
    const jobs = [0, 1].map((at) => {
      const leases = new JobLeases(processPool());
      const take = leases.take.bind(leases);
      leases.take = (name, intervalMs) => {
        looks[at]! += 1;
        return take(name, intervalMs);
      };
      return new PeriodicJob(
        async () => {
          runs += 1;
        },
        { name: 'cleanup', intervalMs: 3_600_000, onError: (error) => expect.fail(String(error)), turns: { leases, everyMs: 20 } },
      );
    });
    for (const job of jobs) job.start();
    try {
      await pollUntil(async () => (looks.every((count) => count >= 5) ? true : undefined), { timeoutMs: 20_000, intervalMs: 20, failure: () => `looked ${looks.join(' and ')} times` });
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    expect(runs).toBe(1);
    expect(await lease('cleanup')).toEqual({ runs: 1, last_outcome: 'succeeded' });
  });
});
