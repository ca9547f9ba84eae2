import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { PeriodicJob } from './periodic-job.js';
import type { JobLeases } from './job-leases.js';

interface Log {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Uploads that no submission refers to are kept this long (a user may take a while to finish a form). */
export const unusedUploadLifetimeHours = 24;

const BATCH = 200;

/**
 * Removes uploads that no form submission refers to once they are older than 24 hours: at start and then
 * every `intervalMs`. It runs as the owner (the app role may not delete uploads). Any number of API processes
 * may run it side by side: rows are claimed with SKIP LOCKED, so two processes never wait on each other, and a
 * row that a submission is tying to itself at that moment (it holds the row's lock) is left alone; once tied,
 * it no longer matches.
 */
export class UploadCleanup {
  private readonly job: PeriodicJob;

  constructor(
    private readonly ownerDb: Db,
    options: { intervalMs: number; log: Log; leases?: JobLeases },
  ) {
    this.job = new PeriodicJob(
      async () => {
        const removed = await this.runOnce();
        if (removed > 0) options.log.info({ removed }, 'unused uploads older than 24 hours removed');
      },
      {
        name: 'upload-cleanup',
        intervalMs: options.intervalMs,
        onError: (error) => options.log.error({ err: error }, 'upload cleanup failed'),
        turns: options.leases ? { leases: options.leases } : undefined,
      },
    );
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  /** Removes the unused uploads older than 24 hours; answers how many. */
  async runOnce(): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await this.ownerDb.execute(sql`
        delete from uploaded_files u
        where (u.client_id, u.id) in (
          select client_id, id from uploaded_files
          where submission_id is null and inbox_event_id is null
            and created_at < now() - make_interval(hours => ${unusedUploadLifetimeHours})
          limit ${BATCH}
          for update skip locked)
          and u.submission_id is null and u.inbox_event_id is null`);
      const count = result.rowCount ?? 0;
      removed += count;
      if (count < BATCH) return removed;
    }
  }
}
