import os from 'node:os';
import type pg from 'pg';

/** How soon a failed run is tried again (at the latest: never later than its interval). */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;

/**
 * The turns of the periodic jobs across every process of the fleet (issue 31.6, decision 0098), kept in
 * `job_leases`: a process takes a job's turn by moving its next run an interval ahead, in one statement that only
 * one process can win while the turn is due. Who lost skips it; a run that fails gives its turn back sooner.
 */
export class JobLeases {
  private readonly holder = `${os.hostname()}:${process.pid}`;

  constructor(private readonly ownerPool: pg.Pool) {}

  /** Takes the job's turn when it is due; answers whether this process is to run it now. */
  async take(name: string, intervalMs: number): Promise<boolean> {
    await this.ownerPool.query('insert into job_leases (name, next_run_at) values ($1, now()) on conflict (name) do nothing', [name]);
    const taken = await this.ownerPool.query(
      `update job_leases
          set next_run_at = now() + make_interval(secs => $2::double precision / 1000), last_started_at = now(),
              last_outcome = 'running', last_holder = $3, runs = runs + 1
        where name = $1 and next_run_at <= now()
        returning name`,
      [name, intervalMs, this.holder],
    );
    return taken.rowCount === 1;
  }

  /** Notes the run's end; a failed one is due again within five minutes (or its interval, when shorter). */
  async end(name: string, outcome: 'succeeded' | 'failed'): Promise<void> {
    await this.ownerPool.query(
      `update job_leases
          set last_ended_at = now(), last_outcome = $2,
              next_run_at = case when $2 = 'failed' then least(next_run_at, now() + make_interval(secs => $3::double precision / 1000)) else next_run_at end
        where name = $1`,
      [name, outcome, RETRY_AFTER_FAILURE_MS],
    );
  }
}
