import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';
import { withConnection } from './connection.js';
import { APP_ROLE, StartRefused, checkAppLogin, giveFirstAppLogin, pendingMigrations } from './app-role.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  /** queries as portal_app: row-level security applies */
  db: Db;
  appPool: pg.Pool;
  /**
   * What exports, reports and the audit-log readers read from (decision 0093): the app role on DATABASE_READ_URL's
   * streaming replica, or, without one, the app pool itself. Row-level security holds there as on the primary.
   */
  readDb: Db;
  readPool: pg.Pool;
  /**
   * the owner's pool: migrations, demo data, the jobs, maintenance; never used to serve a request. A process given
   * only DATABASE_APP_URL has none (`hasOwner` false): its owner pool refuses every query, saying so.
   */
  ownerPool: pg.Pool;
  ownerDb: Db;
  hasOwner: boolean;
  close(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** The migrations folder: beside the sources in development, beside the bundle in production. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle'), path.resolve(here, 'drizzle')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('Migrations folder not found');
}

const MIGRATION_LOCK = 727_274_001;

/**
 * The channel the database's triggers notify when a login session, an account or a customer changes in a way
 * that decides whether a session is live (migration 0024). Every connection of the process listens from its
 * start, so that the one committing such a change receives its own notification before COMMIT is answered
 * (lib/live-sessions.ts, decision 0032).
 */
export const sessionsChannel = 'portal_sessions';

export interface Timeouts {
  /** server-side statement_timeout of the app role's sessions */
  statementMs: number;
  /** how long a request waits for a connection */
  poolWaitMs: number;
}

const DEFAULT_TIMEOUTS: Timeouts = { statementMs: 5000, poolWaitMs: 3000 };

/**
 * A pool that never waits without end: a connection is waited for at most poolWaitMs, a statement runs at most
 * statementMs (PostgreSQL cancels it), and the client gives up one second later when the server does not answer
 * at all (a frozen server cannot cancel anything). Such failures become 503 (lib/database-faults.ts).
 */
function makePool(connectionString: string, max: number, log: Log, name: string, timeouts?: Timeouts, pipeline = false, listen = true): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    pipeline,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts?.poolWaitMs ?? 10_000,
    // Awaited by pg-pool before the connection serves anything (its types say void); LISTEN works before the
    // migrations made the triggers.
    // A standby refuses LISTEN: the read pool's connections do without.
    ...(listen ? { onConnect: ((client: pg.ClientBase) => client.query(`listen ${sessionsChannel}`)) as unknown as (client: pg.ClientBase) => void } : {}),
    ...(timeouts ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + 1000 } : {}),
  });
  // Without this handler an idle client's error (a database restart) would crash the process.
  pool.on('error', (error) => log.error({ err: error }, `PostgreSQL ${name} pool: idle client error`));
  return pool;
}

/** The owner's pool of a process without owner credentials: every use is refused, saying why. */
class AbsentOwnerPool extends pg.Pool {
  private refuse(): Promise<never> {
    return Promise.reject(new Error('This process has no owner connection (only DATABASE_APP_URL): the jobs and maintenance run where DATABASE_URL is given'));
  }
  override connect(): never {
    return this.refuse() as never;
  }
  override query(): never {
    return this.refuse() as never;
  }
  override end(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Applies the migrations as the owner (one process at a time, under an advisory lock) unless they run apart
 * (`migrate: false`: then a database behind this version stops the start), gives the app role its first login, and
 * opens the app pool, checking that the app role's password is the one the database has (db/app-role.ts).
 */
export async function openDatabase(options: {
  /** the owner's connection; unset: a request-serving process without owner credentials (decision 0095) */
  ownerUrl?: string;
  appUrl?: string;
  /** the app role on a streaming replica (DATABASE_READ_URL); unset: reads at length stay on the app pool */
  readUrl?: string;
  appPassword: string;
  poolSize: number;
  log: Log;
  timeouts?: Timeouts;
  /** apply the migrations (default); false: they run apart (`portal migrate`), and must have */
  migrate?: boolean;
}): Promise<Database> {
  const { log } = options;
  if (!options.ownerUrl && (!options.appUrl || options.migrate !== false)) {
    throw new StartRefused(
      'Without DATABASE_URL a process needs DATABASE_APP_URL and MIGRATE_ON_START=false: the migrations then run apart, by `npm run portal -- migrate` with the owner\'s DATABASE_URL.',
    );
  }
  const ownerPool = options.ownerUrl ? makePool(options.ownerUrl, 3, log, 'owner') : new AbsentOwnerPool();
  const checkLevel = async (client: pg.PoolClient) => {
    const pending = await pendingMigrations(client, migrationsFolder());
    if (pending.length) throw new StartRefused(`The database lacks ${pending.length} migration(s) of this version (${pending.at(-1)}): run \`npm run portal -- migrate\` first.`);
  };
  const prepared = !options.ownerUrl
    ? Promise.resolve()
    : withConnection(ownerPool, async (client) => {
    if (options.migrate === false) return checkLevel(client);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
      if (!options.appUrl && (await giveFirstAppLogin(client, options.appPassword))) log.info(`The database role ${APP_ROLE} got its login`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
  await prepared.catch(async (error: unknown) => {
    await ownerPool.end();
    throw error;
  });
  let appUrl = options.appUrl;
  if (!appUrl) {
    const url = new URL(options.ownerUrl!);
    url.username = APP_ROLE;
    url.password = options.appPassword;
    appUrl = url.toString();
  }
  // The app pool pipelines (decision 0037): a statement is written without waiting for the answer to the one
  // before, so a transaction's BEGIN travels with its first statement and a read with its BEGIN and COMMIT.
  const appPool = makePool(appUrl, options.poolSize, log, 'app', options.timeouts ?? DEFAULT_TIMEOUTS, true);
  try {
    await checkAppLogin(appPool, options.appUrl ? 'url' : 'derived');
    // Without the owner, the app role reads the migration level (migration 0051 lets it).
    if (!options.ownerUrl) await withConnection(appPool, checkLevel);
  } catch (error) {
    await appPool.end();
    await ownerPool.end();
    throw error;
  }
  const db = drizzle(appPool, { schema });
  const ownerDb = drizzle(ownerPool, { schema });
  const readPool = options.readUrl ? makePool(options.readUrl, options.poolSize, log, 'read', options.timeouts ?? DEFAULT_TIMEOUTS, true, false) : appPool;
  return {
    db,
    appPool,
    readDb: readPool === appPool ? db : drizzle(readPool, { schema }),
    readPool,
    ownerPool,
    ownerDb,
    hasOwner: Boolean(options.ownerUrl),
    async close() {
      if (readPool !== appPool) await readPool.end();
      await appPool.end();
      await ownerPool.end();
    },
  };
}
