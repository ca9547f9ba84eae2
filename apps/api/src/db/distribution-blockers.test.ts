import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/*
 * Decision 0094 names what in the schema stands in the way of distributing the customers' tables by customer
 * (Citus, distribution column client_id). This reads the same from the migrated database's catalog, so that a
 * migration adding a blocker, or removing one, makes the record say so.
 */

const RECORD = fileURLToPath(new URL('../../../../docs/decisions/0094-distributing-by-customer.md', import.meta.url));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The record's list: the lines of its fenced block marked `blockers`. */
async function recordedBlockers(): Promise<string[]> {
  const text = await readFile(RECORD, 'utf8');
  const block = /```blockers\n([\s\S]*?)```/.exec(text);
  if (!block) throw new Error('decision 0094 has no ```blockers block');
  return block[1]!.split('\n').map((line) => line.trim()).filter(Boolean);
}

/** Tables of the public schema with a client_id column: the customers' rows, which would be distributed by it. */
const customerTables = sql`(select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'p'))`;

const columnsOf = (table: string, columns: string) => sql.raw(`(select string_agg(a.attname, ', ' order by u.ord) from unnest(${columns}) with ordinality u(attnum, ord)
  join pg_attribute a on a.attrelid = ${table} and a.attnum = u.attnum)`);

async function catalogBlockers(): Promise<string[]> {
  const db = ctx.database.ownerDb;
  const lines = async (query: ReturnType<typeof sql>) => (await db.execute<{ line: string }>(query)).rows.map((row) => row.line);
  // A unique index (a primary key too) must contain the distribution column: each shard checks only its own rows.
  const unique = await lines(sql`
    select format('%s %s (%s)', case when i.indisprimary then 'primary-key' else 'unique' end, c.relname,
      (select string_agg(pg_get_indexdef(i.indexrelid, n, true), ', ' order by n) from generate_series(1, i.indnkeyatts) n)) as line
    from pg_index i join pg_class c on c.oid = i.indrelid
    where i.indrelid in ${customerTables} and i.indisunique
      and not exists (select 1 from pg_attribute a where a.attrelid = i.indrelid and a.attname = 'client_id' and a.attnum = any (i.indkey::int2[]))`);
  // A foreign key between two distributed tables must join on the distribution column too (co-located rows).
  const foreign = await lines(sql`
    select format('foreign-key %s (%s) -> %s (%s)', s.relname, ${columnsOf('k.conrelid', 'k.conkey')}, t.relname, ${columnsOf('k.confrelid', 'k.confkey')}) as line
    from pg_constraint k join pg_class s on s.oid = k.conrelid join pg_class t on t.oid = k.confrelid
    where k.contype = 'f' and k.conrelid in ${customerTables} and k.confrelid in ${customerTables}
      and not exists (select 1 from pg_attribute a where a.attrelid = k.conrelid and a.attname = 'client_id' and a.attnum = any (k.conkey))`);
  // Rows of other tables that point into a customer's table: a reference table cannot refer to a distributed one.
  const referring = await lines(sql`
    select format('foreign-key %s (%s) -> %s (%s)', s.relname, ${columnsOf('k.conrelid', 'k.conkey')}, t.relname, ${columnsOf('k.confrelid', 'k.confkey')}) as line
    from pg_constraint k join pg_class s on s.oid = k.conrelid join pg_class t on t.oid = k.confrelid
    join pg_namespace n on n.oid = s.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and k.conrelid not in ${customerTables} and k.confrelid in ${customerTables}`);
  // Triggers run on each shard's worker and see only that shard's rows.
  const triggers = await lines(sql`
    select format('trigger %s %s', c.relname, t.tgname) as line
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgrelid in ${customerTables} and not t.tgisinternal`);
  // Ids drawn from one sequence: on a distributed table they come from the coordinator, or from per-node ranges.
  const sequences = await lines(sql`
    select format('sequence %s.%s', c.table_name, c.column_name) as line
    from information_schema.columns c
    where c.table_schema = 'public' and (c.column_default like 'nextval(%' or c.is_identity = 'YES')
      and c.table_name in (select relname from pg_class where oid in ${customerTables})`);
  // A row's shard is decided by its client_id: a row without one (the system's, a staff member's) has none.
  const nullable = await lines(sql`
    select format('nullable %s.client_id', c.table_name) as line
    from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'client_id' and c.is_nullable = 'YES'
      and c.table_name in (select relname from pg_class where oid in ${customerTables})`);
  // The look-ups that cross customers before the customer is known (a login by e-mail address, a token): functions
  // running as their owner past row-level security, which on a distributed table ask every shard.
  const across = await lines(sql`
    select format('cross-customer %s', p.proname) as line
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prosecdef`);
  return [...unique, ...foreign, ...referring, ...triggers, ...sequences, ...nullable, ...across].sort();
}

describe('decision 0094: what stands in the way of distributing by customer', () => {
  it("lists the same blockers as the migrated database's catalog", async () => {
    expect(await recordedBlockers()).toEqual(await catalogBlockers());
  });
});
