import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/** Every hundredth hit removes the windows older than a day: the table stays small without a job of its own. */
async function sometimesPrune(db: Db): Promise<void> {
  if (Math.random() < 0.01) await db.execute(sql`delete from rate_limit_windows where window_start < now() - interval '1 day'`);
}

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
  await sometimesPrune(db);
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const windowEnd = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return { allowed: Number(row.hits) <= limit, retryAfterSeconds: Math.ceil((windowEnd - Date.now()) / 1000) };
}

/** One key of `limitsOver` with the hits it allows. */
export interface LimitedKey {
  key: string;
  limit: number;
}

/**
 * The keys over their limit, counted in the same fixed windows as `hitRateLimit`, with one difference: a key is
 * over when this window's hits and the previous window's together exceed its limit, so a burst across a window's
 * end gets no second allowance. With `hit`, this is one more hit on each key first, in the same statement, so
 * attempts sent at once cannot pass the limit together; without, the keys are only looked at.
 */
export async function limitsOver(
  db: Db,
  keys: LimitedKey[],
  windowSeconds: number,
  options: { hit: boolean },
): Promise<{ over: string[]; retryAfterSeconds: number }> {
  const names = sql.param(keys.map((k) => k.key));
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  const current = options.hit
    ? sql`insert into rate_limit_windows (key, window_start, hits)
          select k, ${windowStart}, 1 from unnest(${names}::text[]) as k
          on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
          returning key, window_start, hits`
    : sql`select k as key, ${windowStart} as window_start, coalesce(r.hits, 0) as hits
          from unnest(${names}::text[]) as k left join rate_limit_windows r on r.key = k and r.window_start = ${windowStart}`;
  const result = await db.execute<{ key: string; window_start: Date; hits: number }>(sql`
    with current_window as (${current})
    select c.key, c.window_start, c.hits + coalesce(previous.hits, 0) as hits
    from current_window c left join rate_limit_windows previous
      on previous.key = c.key and previous.window_start = c.window_start - make_interval(secs => ${windowSeconds})`);
  if (options.hit) await sometimesPrune(db);
  const limits = new Map(keys.map((k) => [k.key, k.limit]));
  const over = result.rows.filter((r) => Number(r.hits) > (limits.get(r.key) ?? Infinity)).map((r) => r.key);
  const windowEnd = result.rows[0] ? new Date(result.rows[0].window_start).getTime() + windowSeconds * 1000 : Date.now();
  return { over, retryAfterSeconds: Math.ceil((windowEnd - Date.now()) / 1000) };
}
