import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/**
 * A fixed-window counter kept in PostgreSQL, so that every API process counts the same hits.
 * Answers whether this hit is within the limit and, if not, how long until the window ends.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await db.execute<{ hits: number; window_start: Date }>(sql`
    insert into rate_limit_windows (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
    returning hits, window_start`);
  const row = result.rows[0];
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from rate_limit_windows where window_start < now() - interval '1 day'`);
  }
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const windowEnd = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return { allowed: Number(row.hits) <= limit, retryAfterSeconds: Math.ceil((windowEnd - Date.now()) / 1000) };
}
