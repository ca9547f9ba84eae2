import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import type { JobLeases } from '../../lib/job-leases.js';

/** Rejected rows of a run are kept this long; the run itself (its counts) stays as the record of the import. */
export const REJECTIONS_KEPT_DAYS = 30;
const BATCH = 10_000;

/** Removes the rejected rows of runs that started more than 30 days ago; answers how many. */
export async function pruneRejections(ownerDb: Db, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await ownerDb.execute(sql`
      delete from import_rejections where id in (
        select r.id from import_rejections r join import_runs run on run.id = r.run_id
        where run.started_at < ${now}::timestamptz - make_interval(days => ${REJECTIONS_KEPT_DAYS})
        limit ${BATCH})`);
    const count = result.rowCount ?? 0;
    removed += count;
    if (count < BATCH) return removed;
  }
}

/** The daily prune, as the owner, once a day across the fleet (its turn leased: decision 0098). */
export function rejectionRetention(ownerDb: Db, log: { info(o: unknown, m?: string): void; error(o: unknown, m?: string): void }, leases?: JobLeases) {
  return new PeriodicJob(
    async () => {
      const removed = await pruneRejections(ownerDb);
      if (removed > 0) log.info({ removed }, `rejected import rows older than ${REJECTIONS_KEPT_DAYS} days removed`);
    },
    {
      name: 'import-rejection-retention',
      intervalMs: 24 * 60 * 60 * 1000,
      onError: (error) => log.error({ err: error }, 'import rejection retention failed'),
      turns: leases ? { leases } : undefined,
    },
  );
}
